import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { speechWorkerInstalled, startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { bodyOf } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { untilCompleted } from '../recordings/support/until-completed';
import { appBeside } from '../support/app-beside';
import { LiveTestSocket, pcmOfWav, SAVED_WITHIN } from './live-client';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const JFK = pcmOfWav(readFileSync(sharedAudio('jfk/jfk.wav')));
const FRAME_BYTES = 3200; // 100 ms
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The Hugging Face engine is not streaming: live text comes a voiced segment at a time. The endpoint is real
// (the worker's /asr speaks the Inference API's protocol, as in the adapter's conformance suite).
describe.skipIf(!speechWorkerInstalled())('live recording on the Hugging Face engine', () => {
  const running = appBeside(
    () => startSpeechWorker(),
    (speech) => ({
      SCRIVO_SPEECH_ENGINE: 'huggingface',
      SCRIVO_HF_ENDPOINT: `${speech.url}/asr`,
      HF_TOKEN: 'hf_test_token_not_checked',
      SCRIVO_IN_PROCESS_JOB_WORKER: 'true',
    }),
    240_000,
  );

  it('shows each voiced segment as final text while recording, then saves the recording', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const live = await LiveTestSocket.open(running.app.url, client);
    live.send({ type: 'start', title: 'JFK on a hosted engine', language: null });
    await live.next('session');
    // JFK, then 2 s of room silence: the pause closes the last segment before the stop.
    const pcm = new Uint8Array(JFK.length + 64_000);
    pcm.set(JFK);
    const frames = Math.ceil(pcm.length / FRAME_BYTES);
    for (let sequence = 1; sequence <= frames; sequence += 1) {
      const at = (sequence - 1) * FRAME_BYTES;
      live.frame(sequence, pcm.subarray(at, Math.min(at + FRAME_BYTES, pcm.length)));
      await sleep(100);
    }
    await live.next('final', (m) => m.type === 'final' && m.text.toLowerCase().includes('country'), 30_000);
    const finals = live.messages.flatMap((m) => (m.type === 'final' ? [m] : []));
    // Before the stop: the text is there, in order, placed inside the audio, with the language detected.
    expect(
      phraseErrorRate('ask not what your country can do for you', finals.map((m) => m.text).join(' ')),
    ).toBeLessThanOrEqual(HEARD);
    for (const [i, m] of finals.entries()) {
      expect(m.start).toBeGreaterThanOrEqual(i === 0 ? 0 : (finals[i - 1]?.start ?? 0));
      expect(m.end).toBeLessThanOrEqual(pcm.length / 32_000 + 0.1);
    }
    expect(live.messages.some((m) => m.type === 'language' && m.language === 'en')).toBe(true);
    expect(live.messages.some((m) => m.type === 'partial')).toBe(false);

    live.send({ type: 'stop' });
    const stopped = await live.next('stopped');
    expect(Math.abs(stopped.totalSeconds - pcm.length / 32_000)).toBeLessThan(0.1);
    const { recordingId } = await live.next('finalized', () => true, SAVED_WITHIN);
    await untilCompleted(client, recordingId, 120_000);
    const transcript = bodyOf(await client.api.recordings.transcript({ params: { id: recordingId } }), 200);
    expect(phraseErrorRate('ask not what your country can do for you', transcript.text)).toBeLessThanOrEqual(
      HEARD,
    );
    live.close();
  }, 300_000);
});
