// The short version of the load test (issue 45) in `npm test`: one minute, 20 browsing users and a few uploads
// on the embedded stack (bench/load/run.ts is the full one, bench/README.md "Load" its results). It holds the
// targets that must never slip, with a generous bound on the reads' p95 (the machine is shared while it runs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { BROWSING_CLASSES } from './browsing';
import { runLoad } from './mix';
import { markdownReport } from './report';

describe.skipIf(!speechWorkerInstalled())('load: one minute of 20 browsing users beside uploads', () => {
  let speech: SpeechWorkerProcess;
  beforeAll(async () => {
    speech = await startSpeechWorker();
  });
  afterAll(() => speech?.stop());

  it('answers every read in time, with no 5xx, and transcribes every accepted upload exactly once', async () => {
    const report = await runLoad({
      stack: 'embedded',
      speechUrls: [speech.url],
      browsingUsers: 20,
      seconds: 60,
      // Four times the full run's pace per user, so that one minute holds a sample worth a p95.
      requestsPerUserSecond: 1,
      accounts: 3,
      clipsPerAccount: 1,
      uploaders: 3,
      uploadIntervalSeconds: 20,
      longUploaders: 0,
      longSeconds: 0,
      // The language model is left out: it would take the two cores to itself for the minute.
      askers: 0,
      summarisers: 0,
      liveSessions: 0,
      drainSeconds: 60,
      kneeSteps: [],
      kneeSeconds: 0,
      progress: () => undefined,
    });
    console.log(markdownReport(report));
    expect(report.unexpected5xx).toBe(0);
    expect(report.readYourWritesMissed).toBe(0);
    for (const [name, routeClass] of Object.entries(report.classes))
      expect(routeClass.transportErrors, `${name}: requests with no answer`).toBe(0);
    for (const name of BROWSING_CLASSES)
      expect(Object.keys(report.classes[name]?.byStatus ?? {}), `${name}: statuses`).toEqual(['200']);
    expect(report.reads.p95 ?? Number.POSITIVE_INFINITY).toBeLessThan(1_000);
    expect(report.uploads.accepted).toBeGreaterThanOrEqual(3);
    expect(report.uploads).toMatchObject({
      completed: report.uploads.accepted,
      failed: 0,
      lost: 0,
      doubled: 0,
    });
  }, 150_000);
});
