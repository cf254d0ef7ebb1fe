import { describe, it } from 'vitest';
import type { RecordingEvent } from '../events';
import { now, ready, spec } from './decider.fixtures';
import type { MoveRecording } from './move';

/** The uploader of `ready` is u1, in their personal space. */
const moved = (from: string | null, to: string | null): RecordingEvent => ({
  type: 'RecordingMoved',
  data: { recordingId: 'r1', from, to, at: now },
});
const move = (to: string | null, role: MoveRecording['role'], by = 'u1'): MoveRecording => ({
  type: 'MoveRecording',
  to,
  by,
  role,
  now,
});

describe('a recording is moved between the personal space and workspaces by its uploader', () => {
  it('moves into a workspace where the uploader is a member or above', () => {
    spec
      .given(ready)
      .when(move('w1', 'member'))
      .then([moved(null, 'w1')]);
    spec
      .given(ready)
      .when(move('w1', 'owner'))
      .then([moved(null, 'w1')]);
  });

  it('moves from one workspace to another, and back to the personal space with no role asked', () => {
    spec
      .given([...ready, moved(null, 'w1')])
      .when(move('w2', 'admin'))
      .then([moved('w1', 'w2')]);
    spec
      .given([...ready, moved(null, 'w1')])
      .when(move(null, null))
      .then([moved('w1', null)]);
  });

  it('changes nothing when it is there already', () => {
    spec.given(ready).when(move(null, null)).then([]);
    spec
      .given([...ready, moved(null, 'w1')])
      .when(move('w1', 'member'))
      .then([]);
  });

  it('refuses a viewer of the target (403) and hides a workspace the uploader is not in (404)', () => {
    spec.given(ready).when(move('w1', 'viewer')).thenThrows({ code: 'FORBIDDEN' });
    spec.given(ready).when(move('w1', null)).thenThrows({ code: 'NOT_FOUND' });
  });

  it('is the uploader’s alone: a workspace’s owner does not move a member’s recording out', () => {
    spec
      .given([...ready, moved(null, 'w1')])
      .when(move(null, null, 'u2'))
      .thenThrows({ code: 'FORBIDDEN' });
  });

  it('refuses a deleted recording as a conflict', () => {
    spec
      .given([
        ...ready,
        {
          type: 'RecordingDeleted',
          data: { recordingId: 'r1', deletedAt: now, restorableUntil: '2026-03-01T10:01:00.000Z' },
        },
      ])
      .when(move('w1', 'member'))
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
  });
});
