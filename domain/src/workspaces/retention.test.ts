import { describe, expect, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { DeciderSpecification } from '../testing';
import type { WorkspaceEvent } from './events';
import { retentionDate, retentionRemoval, retentionStep, type RetentionPolicy } from './retention';
import { workspaceDecider } from './workspace.decider';

const spec = DeciderSpecification.for(workspaceDecider);
const at = '2026-12-05T10:00:00.000Z';
const now = at;
const code = (expected: string) => (error: unknown) =>
  error instanceof DomainError && error.code === expected;

// Ann owns the workspace, Dina is an admin, Ben a member; Ed is an outsider.
const team: WorkspaceEvent[] = [
  { type: 'WorkspaceCreated', data: { workspaceId: 'w1', name: 'Payments team', ownerId: 'ann', at } },
  {
    type: 'WorkspaceMemberInvited',
    data: {
      workspaceId: 'w1',
      invitationId: 'i1',
      email: 'dina@example.com',
      addressKey: 'key of dina@example.com',
      role: 'admin',
      by: 'ann',
      at,
    },
  },
  {
    type: 'WorkspaceMemberJoined',
    data: { workspaceId: 'w1', invitationId: 'i1', userId: 'dina', role: 'admin', at },
  },
  {
    type: 'WorkspaceMemberInvited',
    data: {
      workspaceId: 'w1',
      invitationId: 'i2',
      email: 'ben@example.com',
      addressKey: 'key of ben@example.com',
      role: 'member',
      by: 'ann',
      at,
    },
  },
  {
    type: 'WorkspaceMemberJoined',
    data: { workspaceId: 'w1', invitationId: 'i2', userId: 'ben', role: 'member', at },
  },
];
const ninetyDaysOfMedia: RetentionPolicy = { days: 90, scope: 'media' };
const retentionSet = (policy: RetentionPolicy | null, by = 'dina'): WorkspaceEvent => ({
  type: 'WorkspaceRetentionSet',
  data: { workspaceId: 'w1', policy, by, at },
});

describe('retention: how long a workspace keeps its recordings', () => {
  it('is set by an admin (or the owner)', () =>
    spec
      .given(team)
      .when({ type: 'SetRetention', by: 'dina', policy: ninetyDaysOfMedia, now })
      .then([retentionSet(ninetyDaysOfMedia)]));

  it('is not set by a member, and an outsider learns nothing', () => {
    spec
      .given(team)
      .when({ type: 'SetRetention', by: 'ben', policy: ninetyDaysOfMedia, now })
      .thenThrows(code('FORBIDDEN'));
    spec
      .given(team)
      .when({ type: 'SetRetention', by: 'ed', policy: ninetyDaysOfMedia, now })
      .thenThrows(code('NOT_FOUND'));
  });

  it('is a whole number of days from 1 to ten years', () => {
    for (const days of [0, -3, 1.5, 3651])
      spec
        .given(team)
        .when({ type: 'SetRetention', by: 'ann', policy: { days, scope: 'recording' }, now })
        .thenThrows(code('VALIDATION_FAILED'));
  });

  it('is turned off with no policy, and setting what is already set records nothing', () => {
    spec
      .given([...team, retentionSet(ninetyDaysOfMedia)])
      .when({ type: 'SetRetention', by: 'ann', policy: null, now })
      .then([retentionSet(null, 'ann')]);
    spec
      .given([...team, retentionSet(ninetyDaysOfMedia)])
      .when({ type: 'SetRetention', by: 'ann', policy: { days: 90, scope: 'media' }, now })
      .then([]);
    spec.given(team).when({ type: 'SetRetention', by: 'ann', policy: null, now }).then([]);
  });
});

describe('where a recording stands under a policy (a fixed clock)', () => {
  const uploadedAt = '2026-09-01T08:00:00.000Z';
  const policy: RetentionPolicy = { days: 30, scope: 'recording' };

  it('is due the given number of days after its upload', () =>
    expect(retentionDate(uploadedAt, policy)).toBe('2026-10-01T08:00:00.000Z'));

  it('is kept until a week before, warned in that last week, and due from its date on', () => {
    expect(retentionStep(uploadedAt, policy, '2026-09-24T07:59:59.000Z')).toBe('keep');
    expect(retentionStep(uploadedAt, policy, '2026-09-24T08:00:00.000Z')).toBe('warn');
    expect(retentionStep(uploadedAt, policy, '2026-10-01T07:59:59.000Z')).toBe('warn');
    expect(retentionStep(uploadedAt, policy, '2026-10-01T08:00:00.000Z')).toBe('due');
    expect(retentionStep(uploadedAt, policy, '2027-03-01T00:00:00.000Z')).toBe('due');
  });
});

describe('what a recording shows of its removal', () => {
  const kept = { createdAt: '2026-09-01T08:00:00.000Z', deletedAt: null, blobKey: 'recordings/r1/original' };

  it('is the date and what goes, flagged in its last week', () => {
    const policy: RetentionPolicy = { days: 30, scope: 'recording' };
    expect(retentionRemoval(kept, policy, '2026-09-02T00:00:00.000Z')).toEqual({
      at: '2026-10-01T08:00:00.000Z',
      scope: 'recording',
      soon: false,
    });
    expect(retentionRemoval(kept, policy, '2026-09-25T00:00:00.000Z')?.soon).toBe(true);
  });

  it('is nothing for a recording in the bin, or whose media has gone when only media goes', () => {
    const media: RetentionPolicy = { days: 30, scope: 'media' };
    const now = '2026-09-02T00:00:00.000Z';
    expect(retentionRemoval({ ...kept, deletedAt: now }, media, now)).toBeNull();
    expect(retentionRemoval({ ...kept, blobKey: null }, media, now)).toBeNull();
    expect(
      retentionRemoval({ ...kept, blobKey: null }, { days: 30, scope: 'recording' }, now),
    ).not.toBeNull();
  });
});
