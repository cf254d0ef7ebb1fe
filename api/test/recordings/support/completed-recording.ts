import { readFileSync } from 'node:fs';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { StreamRunner } from '../../../src/infrastructure/stream-runner';
import type { TestClient } from '../../support/http-client';
import type { TestApp } from '../../support/test-app';
import { startedAsWorker } from './test-worker';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import { bodyOf, expectStatus } from '../../support/expect-status';

export const JFK = readFileSync(sharedAudio('jfk/jfk.wav'));

/** What faster-whisper says of the JFK clip, split into two turns with speaker labels (as diarization would). */
export const JFK_TRANSCRIPT: TranscriptBody = {
  language: 'en',
  languageProbability: 0.93,
  durationSeconds: 11,
  text: 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.',
  segments: [
    {
      id: 0,
      start: 0,
      end: 4.6,
      text: ' And so my fellow Americans, ask not',
      speaker: 'SPEAKER_00',
      words: [],
    },
    {
      id: 1,
      start: 4.6,
      end: 7.9,
      text: ' what your country can do for you,',
      speaker: 'SPEAKER_01',
      words: [],
    },
    {
      id: 2,
      start: 7.9,
      end: 11,
      text: ' ask what you can do for your country.',
      speaker: 'SPEAKER_00',
      words: [],
    },
  ],
  engine: 'test:fixed',
};

/** The same lines with who speaks when as the diarizer would give it: the two voices at once from 4.3 s to 4.6 s. */
export const JFK_WITH_TIMELINE: TranscriptBody = {
  ...JFK_TRANSCRIPT,
  speakerTimeline: [
    { speaker: 'SPEAKER_00', start: 0, end: 4.6 },
    { speaker: 'SPEAKER_01', start: 4.3, end: 7.9 },
    { speaker: 'SPEAKER_00', start: 7.9, end: 11 },
  ],
};

/**
 * A completed recording without waiting for speech: the real upload (probe, minutes, job), then the job's
 * completion through the same write side the job worker uses, with a known transcript. Needs the app started
 * with SCRIVO_IN_PROCESS_JOB_WORKER=false so no worker races it.
 */
export const completedRecording = async (
  app: TestApp,
  client: TestClient,
  transcript: TranscriptBody = JFK_TRANSCRIPT,
  title = 'JFK inaugural',
): Promise<string> => {
  const form = new FormData();
  form.set('file', new Blob([JFK]), 'jfk.wav');
  form.set('title', title);
  const created = await client.api.recordings.create({ body: form });
  expectStatus(created, 201);
  const id = created.body.id as string;
  await (await startedAsWorker(app.scrivo.app.get(StreamRunner), id)).complete(transcript);
  const deadline = Date.now() + 10_000;
  while (bodyOf(await client.api.recordings.get({ params: { id } }), 200).status !== 'completed') {
    if (Date.now() > deadline) throw new Error('the recording never showed as completed');
    await new Promise((r) => setTimeout(r, 50));
  }
  return id;
};
