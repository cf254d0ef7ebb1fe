import { describe, expect, it } from 'vitest';
import { foldEvents } from '../kernel/decider';
import type { RecordingEvent } from '../recordings/events';
import { recordingDecider } from '../recordings/recording/decider';
import { now, recordingOf } from '../recordings/testing/completed-recording';
import { speechTranslationSource } from './speech-source';

const { created, uploaded, probed } = recordingOf(6);
const purged: RecordingEvent = {
  type: 'RecordingMediaPurged',
  data: { recordingId: 'r1', blobKeys: ['recordings/r1/original'], at: now },
};
const recording = (events: RecordingEvent[]) => foldEvents(recordingDecider, events);

describe('speech translation reads the recording’s audio', () => {
  it('from the audio the recording keeps', () => {
    expect(speechTranslationSource(recording([created, uploaded, probed]))).toBe('recordings/r1/original');
  });

  it('refuses with NO_MEDIA once the audio is no longer kept', () => {
    expect(() => speechTranslationSource(recording([created, uploaded, probed, purged]))).toThrow(
      expect.objectContaining({ code: 'NO_MEDIA', message: 'The recording’s audio is no longer kept.' }),
    );
  });
});
