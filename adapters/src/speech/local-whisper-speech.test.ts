import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpeechInputError } from '@scrivo/domain/recordings';
import { LocalWhisperSpeech } from './local-whisper-speech';
import { speechConformance } from './speech.conformance';
import { sharedAudio } from '../testing/shared-audio';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '../testing/speech-worker-process';

let worker: SpeechWorkerProcess;
describe.skipIf(!speechWorkerInstalled())('LocalWhisperSpeech against the Python worker', () => {
  beforeAll(async () => {
    worker = await startSpeechWorker();
  });
  afterAll(() => worker?.stop());
  speechConformance(
    'LocalWhisperSpeech',
    () => new LocalWhisperSpeech({ baseUrl: worker.url, model: 'base' }),
    { reportsProgress: true, voicePrints: true },
  );

  it('refuses voice prints that are not what it measures with a SpeechInputError (not retried)', async () => {
    const speech = new LocalWhisperSpeech({ baseUrl: worker.url, model: 'base' });
    const wrong = {
      speakers: ['Speaker 1'],
      tracks: [{ speaker: 'Speaker 9', embedding: [1], seconds: 2 }],
      cannotLink: [],
    };
    await expect(speech.clusterSpeakers([wrong])).rejects.toThrow(SpeechInputError);
    await expect(speech.clusterSpeakers([wrong])).rejects.toThrow(/one of pieces\[0\]\.speakers/);
  });

  it('clusters no pieces into no labels, and a known number of people is kept', async () => {
    const speech = new LocalWhisperSpeech({ baseUrl: worker.url, model: 'base' });
    expect(await speech.clusterSpeakers([])).toEqual([]);
    const voice = (x: number) => ({ speaker: 'Speaker 1', embedding: [x, 1 - x, 0], seconds: 3 });
    const piece = (x: number) => ({ speakers: ['Speaker 1'], tracks: [voice(x)], cannotLink: [] });
    const three = [piece(1), piece(0), piece(0.95)];
    expect(await speech.clusterSpeakers(three)).toEqual([
      { 'Speaker 1': 'Speaker 1' },
      { 'Speaker 1': 'Speaker 2' },
      { 'Speaker 1': 'Speaker 1' },
    ]);
    const one = await speech.clusterSpeakers(three, { speakers: { min: 1, max: 1 } });
    expect(one.map((m) => m['Speaker 1'])).toEqual(['Speaker 1', 'Speaker 1', 'Speaker 1']);
    // A range: the estimate (two voices) stands within it, and is brought up to its least.
    expect(await speech.clusterSpeakers(three, { speakers: { min: 1, max: 2 } })).toEqual(
      await speech.clusterSpeakers(three),
    );
    const atLeast = await speech.clusterSpeakers(three, { speakers: { min: 3, max: 4 } });
    expect(new Set(atLeast.map((m) => m['Speaker 1'])).size).toBe(3);
  });

  it('keeps a remembered voice apart from a stranger alike to it when its print is given', async () => {
    const speech = new LocalWhisperSpeech({ baseUrl: worker.url, model: 'base' });
    // The stranger is 0.62 alike to Ada (one speaker for the clustering) but 0.34 to Ada's print.
    const piece = (embedding: number[]) => ({
      speakers: ['Speaker 1'],
      tracks: [{ speaker: 'Speaker 1', embedding, seconds: 3 }],
      cannotLink: [],
    });
    const pieces = [piece([1, 0, 0]), piece([0.62, 0.785, 0])];
    const labels = (mappings: Record<string, string>[]) => mappings.map((m) => m['Speaker 1']);
    expect(labels(await speech.clusterSpeakers(pieces))).toEqual(['Speaker 1', 'Speaker 1']);
    const voices = [{ id: 'ada', embedding: [0.95, -0.312, 0] }];
    expect(labels(await speech.clusterSpeakers(pieces, { voices }))).toEqual(['Speaker 1', 'Speaker 2']);
  });

  it('labels speakers when asked to diarize (2-speaker phone call)', { timeout: 300_000 }, async () => {
    const t = await new LocalWhisperSpeech({ baseUrl: worker.url, model: 'base' }).transcribe({
      audio: readFileSync(sharedAudio('pyannote-sample/sample.wav')),
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
    // Who speaks when comes along under the same labels, and the two talk at once somewhere in this call.
    const timeline = t.speakerTimeline ?? [];
    expect(new Set(timeline.map((turn) => turn.speaker))).toEqual(speakers);
    const overlaps = timeline.some((a) =>
      timeline.some((b) => a.speaker !== b.speaker && a.start < b.end && b.start < a.end),
    );
    expect(overlaps).toBe(true);
  });
});
