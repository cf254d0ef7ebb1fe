import type { WorkspaceRole } from '@scrivo/contracts';
import { describe, expect, it } from 'vitest';
import { changesShared, givableRoles, managesMembers, mayManage } from './roles';

describe('the controls each workspace role is shown (the API decides; the page offers only what it allows)', () => {
  it('lets the owner and admins manage members, not members or viewers', () => {
    const roles: WorkspaceRole[] = ['owner', 'admin', 'member', 'viewer'];
    expect(roles.map(managesMembers)).toEqual([true, true, false, false]);
  });

  it('offers the owner every role to give, an admin only member and viewer, others none', () => {
    expect(givableRoles('owner')).toEqual(['admin', 'member', 'viewer']);
    expect(givableRoles('admin')).toEqual(['member', 'viewer']);
    expect(givableRoles('member')).toEqual([]);
    expect(givableRoles('viewer')).toEqual([]);
  });

  it('lets a role act only on lower roles, and nobody on the owner', () => {
    expect(mayManage('owner', 'admin')).toBe(true);
    expect(mayManage('owner', 'viewer')).toBe(true);
    expect(mayManage('admin', 'member')).toBe(true);
    expect(mayManage('admin', 'admin')).toBe(false);
    expect(mayManage('admin', 'owner')).toBe(false);
    expect(mayManage('member', 'viewer')).toBe(false);
    expect(mayManage('viewer', 'viewer')).toBe(false);
  });

  it('lets members and up change the workspace’s voices and glossary, viewers only read them', () => {
    const roles: WorkspaceRole[] = ['owner', 'admin', 'member', 'viewer'];
    expect(roles.map(changesShared)).toEqual([true, true, true, false]);
  });
});
