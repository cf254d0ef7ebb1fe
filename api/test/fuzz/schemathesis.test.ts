import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingStream } from '@scrivo/domain/recordings';
import { CSRF_COOKIE } from '../../src/common/csrf';
import { RecordingCommands } from '../../src/recordings/recording-commands';
import { adminClient } from '../chat/admin-session';
import { startVisitor } from '../chat/visitor';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';

const FUZZ_DIR = import.meta.dirname;
const SCHEMATHESIS = join(FUZZ_DIR, '.venv', 'bin', 'schemathesis');
const OPENAPI = join(FUZZ_DIR, '../../../docs/openapi.json');
const installed = existsSync(SCHEMATHESIS);
if (!installed && process.env.CI === 'true')
  throw new Error(`CI: the API fuzzer is not installed (${SCHEMATHESIS}); run api/test/fuzz/setup.sh`);

/** Fixed, so a failure found here is found again by the next run and by whoever reproduces it. */
const SEED = '20261124';
/** Per operation and phase; with ~45 operations the run takes 1-2 minutes on two cores (about 3,000 cases). */
const MAX_EXAMPLES = '40';

/** A transcribed recording to aim the id routes at (else nearly every case is a 404 on a random id). */
const completedRecording = async (app: TestApp, client: TestClient, dir: string): Promise<string> => {
  const tone = join(dir, 'tone.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', tone]);
  const wav = readFileSync(tone);
  const form = new FormData();
  form.set('file', new Blob([wav]), 'tone.wav');
  const created = await client.post('/api/recordings', form);
  expect(created.status, created.text).toBe(201);
  const id = String(created.body.id);
  const requested = (await app.scrivo.adapters.events.readStream(recordingStream(id))).find(
    (e) => e.type === 'TranscriptionRequested',
  )!;
  const { jobId } = requested.data as { jobId: string };
  const commands = app.scrivo.app.get(RecordingCommands);
  const worker = { kind: 'worker' as const, id: 'fuzz-setup' };
  await commands.run(
    id,
    { type: 'StartTranscription', jobId, workerId: 'fuzz-setup', now: commands.now() },
    worker,
    id,
  );
  const words = [{ start: 0, end: 1, text: ' A', probability: 0.9 }];
  const transcript = {
    language: 'en',
    languageProbability: 0.9,
    durationSeconds: 2,
    text: 'A tone.',
    segments: [{ id: 0, start: 0, end: 2, text: ' A tone.', speaker: null, words }],
    engine: 'test:fixed',
  };
  await commands.run(
    id,
    { type: 'CompleteTranscription', jobId, transcript, now: commands.now() },
    worker,
    id,
  );
  return id;
};

/**
 * The run's settings beyond the command line: real ids for the path parameters, and the one deliberate 5xx
 * (501 PAYMENTS_NOT_CONFIGURED: buying a plan on a server without a payment provider, documented in the
 * contract) accepted where it belongs.
 */
const config = (ids: { recording: string; session: string }) => `
[parameters]
"path.id" = "${ids.recording}"
"path.sessionId" = "${ids.session}"

[[operations]]
include-path = "/api/account/plan"
include-method = "POST"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "501"]
`;

const run = (args: string[], cwd: string) =>
  new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    // Asynchronous: the API under test runs in this very process and must keep answering.
    // In the run's temp dir: schemathesis keeps a cache of crashes beside itself.
    const child = spawn(SCHEMATHESIS, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_HOOKS: '' },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });

/**
 * The whole API, fuzzed from its own OpenAPI document (schemathesis: examples, boundary coverage and random
 * fuzzing, valid and invalid inputs), signed in as a user and as an admin at once so guarded routes are reached
 * too. No answer may be a 5xx, and every documented answer must match its schema.
 */
describe.skipIf(!installed)(
  `the API under schemathesis${installed ? '' : ' (skipped: api/test/fuzz/.venv missing, run api/test/fuzz/setup.sh)'}`,
  () => {
    let app: TestApp;
    let reports: string;
    beforeAll(async () => {
      app = await startTestApp({
        SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
        // The fuzzer sends thousands of requests from one address; limits would only make it test 429s.
        SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
        LOG_LEVEL: 'fatal',
      });
      reports = mkdtempSync(join(tmpdir(), 'scrivo-fuzz-'));
    });
    afterAll(async () => {
      await app?.close();
      if (reports) rmSync(reports, { recursive: true, force: true });
    });

    it('answers no request with a 5xx and every documented answer matches its schema', async () => {
      const user = await signedInClient(app, { plan: 'premium' });
      await user.client.get('/api/health');
      const admin = await adminClient(app);
      const csrf = user.client.cookie(CSRF_COOKIE)!;
      admin.client.setCookie(CSRF_COOKIE, csrf);
      const cookies = [user.client.cookieHeader, admin.client.cookieHeader].join('; ');
      const junit = join(reports, 'junit.xml');
      const visitor = await startVisitor(app.url);
      expect(visitor.started.status).toBe(201);
      const settings = join(reports, 'schemathesis.toml');
      writeFileSync(
        settings,
        config({
          recording: await completedRecording(app, user.client, reports),
          session: visitor.sessionId,
        }),
      );

      const { code, output } = await run(
        [
          '--config-file',
          settings,
          'run',
          OPENAPI,
          '--url',
          app.url,
          '--header',
          `Cookie: ${cookies}`,
          '--header',
          `X-CSRF-Token: ${csrf}`,
          '--header',
          `X-Chat-Token: ${visitor.token}`,
          '--checks',
          'not_a_server_error,response_schema_conformance',
          '--phases',
          'examples,coverage,fuzzing',
          '--seed',
          SEED,
          '--max-examples',
          MAX_EXAMPLES,
          '--workers',
          '2',
          '--request-timeout',
          '20',
          '--no-shrink',
          '--generation-database',
          'none',
          // Signing out would end the sessions the rest of the run needs; the event stream never ends by design.
          '--exclude-path-regex',
          'logout$|^/api/recordings/events$',
          '--report',
          'junit',
          '--report-junit-path',
          junit,
          '--no-color',
        ],
        reports,
      );
      const failures = existsSync(junit) ? (readFileSync(junit, 'utf8').match(/<failure/g) ?? []).length : -1;
      expect({ code, failures, output: code === 0 ? '' : output }).toEqual({
        code: 0,
        failures: 0,
        output: '',
      });
    }, 300_000);
  },
);
