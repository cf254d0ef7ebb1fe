import { describe, expect, it } from 'vitest';
import { requireFinishedTranscript, requireTranscriptLines } from './finished-transcript';

describe('work made from a transcript', () => {
  it('starts only once the transcript is finished', () => {
    expect(() => requireFinishedTranscript('transcribing', 'summarised')).toThrow(
      expect.objectContaining({ code: 'RECORDING_STATE_CONFLICT' }),
    );
    expect(() => requireFinishedTranscript('completed', 'summarised')).not.toThrow();
  });

  it('needs lines to work on: no transcript, or one where nothing was heard, is NO_TRANSCRIPT', () => {
    for (const transcript of [null, { segments: [] }])
      expect(() => requireTranscriptLines(transcript, 'summarise')).toThrow(
        expect.objectContaining({ code: 'NO_TRANSCRIPT', message: 'There is no transcript to summarise.' }),
      );
  });

  it('hands back a transcript with lines', () => {
    const transcript = { segments: [{ text: 'ask not' }] };
    expect(requireTranscriptLines(transcript, 'translate')).toBe(transcript);
  });
});
