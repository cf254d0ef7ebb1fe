// Load test (issue 45): the embedded stack under a realistic mix. Run it by hand, under the heavy lock:
//   flock /tmp/heavy.lock node --conditions=source --import tsx bench/load/run.ts --users 200 --minutes 10
// Options: --stack embedded|production, --users N (browsing users), --minutes M, --rate R (calls per browsing user per second), --accounts N,
// --uploaders N, --long N (10-minute files), --askers N, --summarisers N, --live N (live-caption users), --knee 50,100,200,400 (empty: none),
// --knee-seconds S, --json FILE, --logs DIR (production stack: each process's whole log there), --ferretdb-backend
// postgresql|sqlite (production stack; default PostgreSQL where installed: a throwaway cluster of the run's own). Prints the JSON summary and the Markdown tables of bench/README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type SpeechWorkerProcess, startSpeechWorker } from '@scrivo/adapters/testing/speech-worker-process';
import { chooseFerretDbBackend } from '@scrivo/adapters/testing/postgres-cluster';
import { DEFAULT_REQUESTS_PER_USER_SECOND } from './browsing';
import { runLoad } from './mix';
import { markdownReport } from './report';

const { values } = parseArgs({
  options: {
    stack: { type: 'string', default: 'embedded' },
    users: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: String(DEFAULT_REQUESTS_PER_USER_SECOND) },
    accounts: { type: 'string', default: '20' },
    uploaders: { type: 'string', default: '20' },
    long: { type: 'string', default: '2' },
    askers: { type: 'string', default: '5' },
    summarisers: { type: 'string', default: '3' },
    live: { type: 'string', default: '5' },
    knee: { type: 'string', default: '50,100,200,400,800,1600,3200' },
    'knee-seconds': { type: 'string', default: '45' },
    json: { type: 'string' },
    logs: { type: 'string' },
    'ferretdb-backend': { type: 'string' },
  },
});

const progress = (message: string) => process.stderr.write(`[load] ${new Date().toISOString()} ${message}\n`);

const main = async () => {
  const stack = values.stack === 'production' ? 'production' : 'embedded';
  // Production: two speech workers of one thread each, so that the two share the two cores instead of fighting.
  if (values.logs) mkdirSync(values.logs, { recursive: true });
  const speech: SpeechWorkerProcess[] = [];
  for (let i = 0; i < (stack === 'production' ? 2 : 1); i += 1) {
    progress(`starting speech worker ${i + 1}`);
    speech.push(
      await startSpeechWorker(
        stack === 'production' ? { SCRIVO_WHISPER_THREADS: '1' } : {},
        undefined,
        values.logs ? { logFile: join(values.logs, `speech-worker-${i}.log`) } : {},
      ),
    );
  }
  const report = await runLoad({
    stack,
    speechUrls: speech.map((worker) => worker.url),
    ...(values.logs ? { logDir: values.logs } : {}),
    ...(stack === 'production' ? { ferretDbBackend: chooseFerretDbBackend(values['ferretdb-backend']) } : {}),
    browsingUsers: Number(values.users),
    seconds: Number(values.minutes) * 60,
    requestsPerUserSecond: Number(values.rate),
    accounts: Number(values.accounts),
    clipsPerAccount: 2,
    uploaders: Number(values.uploaders),
    // A clip every two minutes per uploader: 20 uploaders send about 2.7 minutes of speech a minute.
    uploadIntervalSeconds: 120,
    longUploaders: Number(values.long),
    longSeconds: 600,
    askers: Number(values.askers),
    summarisers: Number(values.summarisers),
    liveSessions: Number(values.live),
    drainSeconds: 600,
    kneeSteps: values.knee.split(',').filter(Boolean).map(Number),
    kneeSeconds: Number(values['knee-seconds']),
    progress,
  }).finally(() => Promise.all(speech.map((worker) => worker.stop())));
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
  console.log(JSON.stringify(report, null, 2));
  console.log(`\n${markdownReport(report)}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
