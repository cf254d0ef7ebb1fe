import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import { SessionStore } from '../../src/common/auth/session-store';
import { CSRF_COOKIE } from '../../src/common/csrf';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
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
  const runner = app.scrivo.app.get(StreamRunner);
  const worker = { kind: 'worker' as const, id: 'fuzz-setup' };
  await runner.run(
    recordingDecider,
    recordingStream(id),
    { type: 'StartTranscription', jobId, workerId: 'fuzz-setup', now: runner.now() },
    { actor: worker, correlationId: id },
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
  await runner.run(
    recordingDecider,
    recordingStream(id),
    { type: 'CompleteTranscription', jobId, transcript, now: runner.now() },
    { actor: worker, correlationId: id },
  );
  return id;
};

/** The ids a signed-in user and an admin really have: one of each kind, so every route family is reached. */
interface SeededIds {
  readonly recording: string;
  readonly chatSession: string;
  readonly userId: string;
  readonly signInSession: string;
  readonly dataExport: string;
  readonly apiKey: string;
  readonly folder: string;
  readonly tag: string;
  readonly shareLink: string;
  readonly shareToken: string;
  readonly webhook: string;
}

const created = (response: { status: number; text: string; body: unknown }, what: string) => {
  expect(response.status, `${what}: ${response.text}`).toBeLessThan(300);
  return response.body as Record<string, unknown>;
};

const idOf = (body: Record<string, unknown>, ...path: string[]): string => {
  let value: unknown = body;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  expect(typeof value, `${path.join('.')} in ${JSON.stringify(body)}`).toBe('string');
  return String(value);
};

/**
 * One of everything the id routes name, made through the API as a user would. Without them nearly every case on
 * an id route was a 401/403/404 before the handler's own checks, and the handlers went untested.
 */
const seed = async (
  app: TestApp,
  { client, userId }: { client: TestClient; userId: string },
  dir: string,
  chatSession: string,
): Promise<SeededIds> => {
  const recording = await completedRecording(app, client, dir);
  // Another browser of the same user: the fuzzer may revoke it, never the session it runs with.
  await app.scrivo.app.get(SessionStore).create('user', userId);
  const sessions = created(await client.get('/api/account/sessions'), 'sign-in sessions');
  const other = (sessions.sessions as Array<{ id: string; current: boolean }>).find(
    (session) => !session.current,
  );
  const dataExport = created(await client.post('/api/account/exports', {}), 'a data export');
  const apiKey = created(
    await client.post('/api/account/api-keys', { name: 'fuzz', scopes: ['read'] }),
    'an API key',
  );
  const folder = created(await client.post('/api/library/folders', { name: 'Fuzz folder' }), 'a folder');
  const tag = created(await client.post('/api/library/tags', { name: 'fuzz-tag' }), 'a tag');
  const link = created(await client.post(`/api/recordings/${recording}/share-links`, {}), 'a share link');
  // A summary and a translation being written (no job worker runs here), for their status and cancel routes.
  created(await client.post(`/api/recordings/${recording}/summary`, {}), 'a summary');
  created(await client.post(`/api/recordings/${recording}/translations`, { target: 'de' }), 'a translation');
  // Loopback and a closed port: a test delivery goes nowhere off this machine (private receivers are allowed below).
  const webhook = created(
    await client.post('/api/account/webhooks', {
      url: 'http://127.0.0.1:9/fuzz',
      events: ['transcription.completed'],
    }),
    'a webhook',
  );
  return {
    recording,
    chatSession,
    // Another person for the admin routes: suspending the fuzzing user would end the session the run needs.
    userId: (await signedInClient(app)).userId,
    signInSession: other!.id,
    dataExport: idOf(dataExport, 'id'),
    apiKey: idOf(apiKey, 'key', 'id'),
    folder: idOf(folder, 'id'),
    tag: idOf(tag, 'id'),
    shareLink: idOf(link, 'link', 'id'),
    shareToken: idOf(link, 'token'),
    webhook: idOf(webhook, 'webhook', 'id'),
  };
};

/**
 * The run's settings beyond the command line: real ids for the path parameters (`id` names three kinds, so its
 * routes get their own), and the deliberate 5xx accepted where they belong: 501 PAYMENTS_NOT_CONFIGURED (buying a
 * plan on a server without a payment provider) and 503 LANGUAGE_MODEL_UNAVAILABLE (a question with no language
 * model running: this run starts none), both documented in the contract.
 */
const config = (ids: SeededIds) => `
[parameters]
"path.id" = "${ids.recording}"
"path.sessionId" = "${ids.chatSession}"
"path.userId" = "${ids.userId}"
"path.keyId" = "${ids.apiKey}"
"path.siteKey" = "scrivo-app"
"path.folderId" = "${ids.folder}"
"path.tagId" = "${ids.tag}"
"path.linkId" = "${ids.shareLink}"
"path.token" = "${ids.shareToken}"
"path.webhookId" = "${ids.webhook}"
"path.target" = "de"

[[operations]]
include-path-regex = "^/api/account/sessions/"
parameters = { "path.id" = "${ids.signInSession}" }

[[operations]]
include-path-regex = "^/api/account/exports/"
parameters = { "path.id" = "${ids.dataExport}" }

[[operations]]
include-path = "/api/account/plan"
include-method = "POST"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "501"]

[[operations]]
include-path-regex = "^/api/recordings/[^/]+/questions$"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "503"]
`;

/**
 * Routes whose seeded object another route may end before the fuzzer reaches them (the order is the fuzzer's):
 * "sign out everywhere else" ends the second sign-in session, deleting the recording takes its share links.
 */
const MAY_BE_GONE = new Set([
  'DELETE /api/account/sessions/{id}',
  'DELETE /api/recordings/{id}/share-links/{linkId}',
]);

/** Each OpenAPI path with an id in it, and the statuses its requests got (from the run's HAR record). */
const answersByRoute = (harPath: string): Record<string, Record<string, number>> => {
  const document = JSON.parse(readFileSync(OPENAPI, 'utf8')) as { paths: Record<string, object> };
  const paths = Object.keys(document.paths).filter((p) => p.includes('{'));
  const documented = (method: string, path: string) => method.toLowerCase() in document.paths[path]!;
  const patterns = paths.map((p) => ({ p, re: new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
  const har = JSON.parse(readFileSync(harPath, 'utf8')) as {
    log: { entries: Array<{ request: { method: string; url: string }; response: { status: number } }> };
  };
  const out: Record<string, Record<string, number>> = {};
  for (const { request, response } of har.log.entries) {
    const path = new URL(request.url).pathname;
    const route = patterns.find(({ re }) => re.test(path));
    if (!route || !documented(request.method, route.p)) continue;
    const key = `${request.method} ${route.p}`;
    out[key] ??= {};
    out[key][response.status] = (out[key][response.status] ?? 0) + 1;
  }
  return out;
};

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
        SCRIVO_API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
        // The seeded webhook points at a closed loopback port.
        SCRIVO_WEBHOOKS_ALLOW_PRIVATE: 'true',
        // No language model: a question answers 503 at once, whatever model another run has on the default port.
        SCRIVO_LLM_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'fatal',
      });
      reports = mkdtempSync(join(tmpdir(), 'scrivo-fuzz-'));
    });
    afterAll(async () => {
      await app?.close();
      if (reports) rmSync(reports, { recursive: true, force: true });
    });

    it('answers no request with a 5xx and every documented answer matches its schema', async () => {
      const user = await signedInClient(app, { plan: 'business_pro' });
      await user.client.get('/api/health');
      const admin = await adminClient(app);
      const csrf = user.client.cookie(CSRF_COOKIE)!;
      admin.client.setCookie(CSRF_COOKIE, csrf);
      const cookies = [user.client.cookieHeader, admin.client.cookieHeader].join('; ');
      const junit = join(reports, 'junit.xml');
      const har = join(reports, 'requests.har');
      const visitor = await startVisitor(app.url);
      expect(visitor.started.status).toBe(201);
      const settings = join(reports, 'schemathesis.toml');
      const ids = await seed(app, user, reports, visitor.sessionId);
      writeFileSync(settings, config(ids));

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
          // One worker: CPython 3.11's ast.parse is not thread-safe (python/cpython#106905), and Hypothesis parses
          // lambdas while naming strategies, so two workers crashed the fuzzer itself now and then with
          // "AST constructor recursion depth mismatch".
          '--workers',
          '1',
          '--request-timeout',
          '20',
          '--no-shrink',
          '--generation-database',
          'none',
          // Signing out would end the sessions the rest of the run needs; the event stream never ends by design.
          '--exclude-path-regex',
          'logout$|^/api/recordings/events$',
          '--report',
          'junit,har',
          '--report-junit-path',
          junit,
          '--report-har-path',
          har,
          '--no-color',
        ],
        reports,
      );
      // Every route that names an id was reached past authentication and look-up at least once: a run in which
      // they all answered 401 or 404 tested nothing behind them.
      const answers = existsSync(har) ? answersByRoute(har) : {};
      const unreached = Object.entries(answers)
        .filter(([route]) => !MAY_BE_GONE.has(route))
        .filter(([, statuses]) =>
          Object.keys(statuses).every((status) => status === '401' || status === '404'),
        )
        .map(([route, statuses]) => `${route} ${JSON.stringify(statuses)}`);
      expect(unreached).toEqual([]);
      const failures = existsSync(junit) ? (readFileSync(junit, 'utf8').match(/<failure/g) ?? []).length : -1;
      expect({ code, failures, output: code === 0 ? '' : output }).toEqual({
        code: 0,
        failures: 0,
        output: '',
      });
    }, 300_000);
  },
);
