import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalWhisperSpeech } from './local-whisper-speech';
import { SHARED_AUDIO, speechConformance } from './speech.conformance';
import { type SpeechWorkerProcess, speechWorkerInstalled, startSpeechWorker } from './speech-worker-process';

let worker: SpeechWorkerProcess;
describe.skipIf(!speechWorkerInstalled())('LocalWhisperSpeech against the Python worker', () => {
  beforeAll(async () => {
    worker = await startSpeechWorker();
  });
  afterAll(() => worker?.stop());
  speechConformance(
    'LocalWhisperSpeech',
    () => new LocalWhisperSpeech({ baseUrl: worker.url, model: 'base' }),
    {
      reportsProgress: true,
    },
  );

  it('labels speakers when asked to diarize (2-speaker phone call)', { timeout: 300_000 }, async () => {
    const t = await new LocalWhisperSpeech({ baseUrl: worker.url, model: 'base' }).transcribe({
      audio: readFileSync(join(SHARED_AUDIO, 'pyannote-sample/sample.wav')),
      contentType: 'audio/wav',
      language: 'en',
      translate: false,
      diarize: true,
    });
    expect(t.segments.length).toBeGreaterThan(1);
    const speakers = new Set(t.segments.map((s) => s.speaker));
    expect(speakers).toEqual(new Set(['Speaker 1', 'Speaker 2']));
    expect(t.segments[0]!.speaker).toBe('Speaker 1');
    // "This is Diane in New Jersey" and "And I'm Sheila in Texas" are said by different people.
    const diane = t.segments.find((s) => /new jersey\./i.test(s.text) && /diane/i.test(s.text));
    const sheila = t.segments.find((s) => /texas/i.test(s.text));
    expect(diane?.speaker).toBeTruthy();
    expect(sheila?.speaker).toBeTruthy();
    expect(diane!.speaker).not.toBe(sheila!.speaker);
  });
});
