// The live-caption users of the mix: each opens the live socket a page of the site opens, speaks a minute of real
// voices into it in real time (100 ms frames, as the web app sends them), stops, waits for the saved recording, and
// starts again after a pause. Timed: how far behind the speech each settled caption arrives, and from the stop to
// the saved recording.
import { readFileSync } from 'node:fs';
import { LiveTestSocket, pcmOfWav, SAVED_WITHIN } from '../../api/test/live/live-client';
import type { SeededUser } from './seed';
import type { StatsBook } from './stats';

/** 100 ms of 16 kHz mono 16-bit PCM. */
const FRAME_BYTES = 3200;
const FRAME_MS = 100;

/** The classes the live users' timings are kept under. */
export const LIVE_CAPTION_DELAY = 'live caption delay';
export const LIVE_SAVE = 'live stop to saved';

export interface LiveSessionsReport {
  readonly started: number;
  readonly saved: number;
  /** Sessions that ended without a saved recording, by the reason (the server's error code, or what failed). */
  readonly failures: Record<string, number>;
  /** Recordings the sessions saved, with their owner: part of what each account's library must hold after the run. */
  readonly recordings: readonly { readonly user: SeededUser; readonly id: string }[];
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const runLiveSessions = async (options: {
  readonly urls: readonly string[];
  readonly users: readonly SeededUser[];
  readonly book: StatsBook;
  readonly endAt: number;
  readonly sessions: number;
  /** A 16 kHz mono 16-bit WAV file of speech; each session plays `sessionSeconds` of it from its own offset. */
  readonly speechWav: string;
  readonly sessionSeconds: number;
  readonly pauseSeconds: number;
}): Promise<LiveSessionsReport> => {
  const pcm = pcmOfWav(readFileSync(options.speechWav));
  const framesPerSession = Math.round((options.sessionSeconds * 1000) / FRAME_MS);
  const report = { started: 0, saved: 0, failures: {} as Record<string, number> };
  const recordings: { user: SeededUser; id: string }[] = [];
  const failed = (reason: string) => {
    report.failures[reason] = (report.failures[reason] ?? 0) + 1;
  };

  const session = async (user: SeededUser, url: string, offsetFrames: number) => {
    const live = await LiveTestSocket.open(url, user.client.at(url)).catch((error: unknown) => {
      failed(`socket refused: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (!live) return;
    try {
      live.send({ type: 'start', title: 'Live under load', language: 'en' });
      await live.next('session');
      report.started += 1;
      const firstFrameAt = performance.now();
      let timedFinals = 0;
      const timeFinals = () => {
        const finals = live.messages.filter((m) => m.type === 'final');
        for (const final of finals.slice(timedFinals)) {
          if (final.type !== 'final') continue;
          // Received now; its words ended `final.end` seconds into the speech, sent in real time from firstFrameAt.
          options.book
            .of(LIVE_CAPTION_DELAY)
            .record(200, performance.now() - firstFrameAt - final.end * 1000);
        }
        timedFinals = finals.length;
      };
      for (let sequence = 1; sequence <= framesPerSession; sequence += 1) {
        const at =
          ((offsetFrames + sequence - 1) * FRAME_BYTES) % Math.max(FRAME_BYTES, pcm.length - FRAME_BYTES);
        live.frame(sequence, pcm.subarray(at, at + FRAME_BYTES));
        timeFinals();
        // Real time: the next frame leaves when its audio would have been spoken.
        await wait(Math.max(0, firstFrameAt + sequence * FRAME_MS - performance.now()));
      }
      live.send({ type: 'stop' });
      const stopped = performance.now();
      await live.next('stopped', () => true, SAVED_WITHIN);
      timeFinals();
      const { recordingId } = await live.next('finalized', () => true, SAVED_WITHIN);
      options.book.of(LIVE_SAVE).record(200, performance.now() - stopped);
      report.saved += 1;
      recordings.push({ user, id: recordingId });
    } catch (error) {
      const refusal = live.messages.find((m) => m.type === 'error');
      failed(
        refusal?.type === 'error'
          ? refusal.code
          : error instanceof Error
            ? error.message.slice(0, 80)
            : 'unknown',
      );
    } finally {
      live.close();
    }
  };

  const speaker = async (index: number) => {
    // Other accounts than the uploaders' first ones, so that a live session and an upload rarely share a user.
    const user = options.users[(index * 3 + 2) % options.users.length]!;
    for (let turn = 0; Date.now() < options.endAt; turn += 1) {
      const url = options.urls[(index + turn) % options.urls.length]!;
      await session(user, url, (index * 7 + turn) * framesPerSession);
      await wait(Math.max(0, Math.min(options.pauseSeconds * 1000, options.endAt - Date.now())));
    }
  };
  await Promise.all(Array.from({ length: options.sessions }, (_, i) => speaker(i)));
  return { ...report, recordings };
};
