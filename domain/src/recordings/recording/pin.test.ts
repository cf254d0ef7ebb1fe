import { describe, it } from 'vitest';
import type { RecordingEvent } from '../events';
import { now, ready, spec } from './decider.fixtures';

const pinned: RecordingEvent = {
  type: 'RecordingPinned',
  data: { recordingId: 'r1', pinned: true, at: now },
};

describe('a recording is pinned to the top of the library', () => {
  it('pins a recording', () => {
    spec.given(ready).when({ type: 'PinRecording', pinned: true, now }).then([pinned]);
  });

  it('unpins a pinned recording', () => {
    spec
      .given([...ready, pinned])
      .when({ type: 'PinRecording', pinned: false, now })
      .then([{ type: 'RecordingPinned', data: { recordingId: 'r1', pinned: false, at: now } }]);
  });

  it('changes nothing when it is already so', () => {
    spec
      .given([...ready, pinned])
      .when({ type: 'PinRecording', pinned: true, now })
      .then([]);
    spec.given(ready).when({ type: 'PinRecording', pinned: false, now }).then([]);
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
      .when({ type: 'PinRecording', pinned: true, now })
      .thenThrows({ code: 'RECORDING_STATE_CONFLICT' });
  });
});
