import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../testing';
import { adminPresenceDecider, adminsAvailable, presenceWorthNoting } from './admin-presence.decider';

const now = '2026-03-01T10:00:00.000Z';
const later = (seconds: number) => new Date(Date.parse(now) + seconds * 1000).toISOString();

describe("the admins' presence", () => {
  const presence = DeciderSpecification.for(adminPresenceDecider);
  const seen = { type: 'AdminPresent', data: { adminId: 'admin-1', at: now } } as const;

  it('notes an admin as present', () =>
    presence.given([]).when({ type: 'NoteAdminPresent', adminId: 'admin-1', now }).then([seen]));

  it('notes them again, whatever came before: being seen is never refused', () =>
    presence.given([seen]).when({ type: 'NoteAdminPresent', adminId: 'admin-1', now }).then([seen]));

  it('counts the admins as around until the away time has passed since someone was last seen', () => {
    expect(adminsAvailable(now, later(119), 120)).toBe(true);
    expect(adminsAvailable(now, later(120), 120)).toBe(false);
    expect(adminsAvailable(null, now, 120)).toBe(false);
  });

  it('notes a sighting only once the last one is half way to away, so an open pane writes rarely', () => {
    expect(presenceWorthNoting(null, now, 120)).toBe(true);
    expect(presenceWorthNoting(now, later(59), 120)).toBe(false);
    expect(presenceWorthNoting(now, later(60), 120)).toBe(true);
  });
});
