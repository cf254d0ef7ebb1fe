import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { jobStream } from '@scrivo/domain/jobs';
import { recordingStream } from '@scrivo/domain/recordings';
import { bodyOf, expectStatus } from '../support/expect-status';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { longRecording } from './support/long-recording';

// Small pieces, so two minutes of speech are cut in eight and the first is done within seconds.
const PIECES = {
  SCRIVO_PIECE_THRESHOLD_SECONDS: '30',
  SCRIVO_PIECE_SECONDS: '15',
  SCRIVO_PIECE_WINDOW_SECONDS: '5',
};

interface Split {
  pieces: { index: number }[];
}

const recordingOf = async (client: TestClient, id: string) =>
  bodyOf(await client.api.recordings.get({ params: { id } }), 200);

describe.skipIf(!speechWorkerInstalled())(
  'cancelling a long recording while its pieces are transcribed',
  () => {
    let speech: SpeechWorkerProcess;
    let app: TestApp;
    let dir: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'scrivo-pieces-cancel-'));
      speech = await startSpeechWorker();
      app = await startTestApp({
        SCRIVO_IN_PROCESS_JOB_WORKER: 'true',
        SCRIVO_SPEECH_URL: speech.url,
        ...PIECES,
      });
    }, 240_000);
    afterAll(async () => {
      await app?.close();
      await speech?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('stops every piece: none is transcribed after the cancel, every piece job ends cancelled, the pieces’ audio is erased', async () => {
      const { client } = await signedInClient(app, { plan: 'premium' });
      const form = new FormData();
      form.set('file', new Blob([longRecording(dir, 2, 20).wav], { type: 'audio/wav' }), 'meeting.wav');
      const created = await client.api.recordings.create({ body: form });
      expectStatus(created, 201);
      const id = created.body.id;

      const deadline = Date.now() + 240_000;
      for (;;) {
        const { pieces, status } = await recordingOf(client, id);
        if (pieces && pieces.done >= 1) break;
        expect(status).not.toBe('completed');
        if (Date.now() > deadline) throw new Error(`no piece was done: ${status}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const cancelled = await client.api.recordings.cancel({ params: { id } });
      expect(cancelled.status, cancelled.text).toBeLessThan(300);
      expect((await recordingOf(client, id)).status).toBe('cancelled');

      const stream = recordingStream(id);
      const doneAtCancel = (await app.scrivo.adapters.events.readStream(stream)).filter(
        (e) => e.type === 'TranscriptPieceTranscribed',
      ).length;
      // Long enough for two more pieces to have been transcribed had the cancel not stopped them.
      await new Promise((r) => setTimeout(r, 8000));
      const events = await app.scrivo.adapters.events.readStream(stream);
      expect(events.filter((e) => e.type === 'TranscriptPieceTranscribed').length).toBe(doneAtCancel);
      expect(events.filter((e) => e.type === 'TranscriptionCompleted')).toHaveLength(0);
      expect((await recordingOf(client, id)).status).toBe('cancelled');

      const { jobId } = events.find((e) => e.type === 'TranscriptionRequested')!.data as { jobId: string };
      const { pieces } = events.find((e) => e.type === 'TranscriptionSplit')!.data as Split;
      expect(pieces.length).toBeGreaterThanOrEqual(6);
      const transcribed = new Set(
        events
          .filter((e) => e.type === 'TranscriptPieceTranscribed')
          .map((e) => (e.data as { index: number }).index),
      );
      for (const piece of pieces) {
        const jobEvents = (
          await app.scrivo.adapters.events.readStream(jobStream(`${jobId}-p${piece.index}`))
        ).map((e) => e.type);
        // Every piece job has ended. One that was not transcribed ended cancelled, whether it was waiting or running.
        // One that was transcribed may have been closed as completed, or as cancelled when the cancel came between
        // its transcript and the job's completion (the cancel here follows the first piece at once): either way its
        // transcript was kept and nothing ran after.
        if (transcribed.has(piece.index))
          expect(
            jobEvents.filter((t) => t === 'JobCompleted' || t === 'JobCancelled'),
            `piece ${piece.index}`,
          ).toHaveLength(1);
        else expect(jobEvents, `piece ${piece.index}`).toContain('JobCancelled');
      }

      const { blobs } = app.scrivo.adapters;
      const left = async () =>
        (
          await Promise.all(pieces.map((p) => blobs.stat(`recordings/${id}/pieces/${jobId}/${p.index}.wav`)))
        ).filter((stat) => stat !== null).length;
      const erasedBy = Date.now() + 10_000;
      while ((await left()) > 0 && Date.now() < erasedBy) await new Promise((r) => setTimeout(r, 200));
      expect(await left()).toBe(0);
    }, 400_000);
  },
);
