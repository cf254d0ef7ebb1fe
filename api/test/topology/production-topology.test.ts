import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SpeechWorkerProcess,
  speechWorkerInstalled,
  startSpeechWorker,
} from '@scrivo/adapters/testing/speech-worker-process';
import { mongoForTests } from '@scrivo/adapters/testing/mongo-for-tests';
import { latestVerificationCode } from '../accounts/support/outbox';
import { registration } from '../accounts/support/flows';
import { expectStatus } from '../support/expect-status';
import { TestClient } from '../support/http-client';
import { type JobWorkerProcess, startJobWorker } from '../recordings/support/job-worker-process';
import { type ApiProcess as Process, ensureServerBuild, startApiProcess } from '../support/api-process';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

type ApiProcess = Process & { readonly name: string };
const start = async (name: string, env: Record<string, string>): Promise<ApiProcess> => ({
  name,
  ...(await startApiProcess({ LOG_LEVEL: 'warn', ...env })),
});

const JFK = sharedAudio('jfk/jfk.wav');
const PHRASE = 'ask not what your country can do for you';
const ADMIN = { email: 'ops@example.com', password: 'operator-password' };
/** Off CI a missing speech worker skips this file; on CI speechWorkerInstalled() fails it instead. */
const ready = speechWorkerInstalled();
/**
 * The job queue every process shares: on MongoDB (FerretDB here, or MONGODB_URL) as documented for job workers on
 * several machines, so jobs the projector's reactors enqueue reach a worker in another process by its poll; the
 * embedded queue where FerretDB is not built (api/test/recordings/worker-crash.test.ts runs both).
 */
const mongo = mongoForTests('scrivo_topology');
const queueEnv = (): Record<string, string> =>
  mongo.available
    ? { SCRIVO_JOB_QUEUE: 'mongodb', MONGODB_URL: mongo.url(), MONGODB_DB: mongo.database }
    : { SCRIVO_JOB_QUEUE: 'embedded' };

/**
 * The documented production stack on the embedded adapters: one projector, two API replicas that run no
 * projections, a job worker and the speech worker, each its own process on one data directory. A user's
 * journey alternates between the replicas as a load balancer would; every write is read back at once on the
 * other replica.
 */
describe.skipIf(!ready)(
  `the production topology (projector, two replicas, job and speech workers; ${mongo.available ? 'MongoDB' : 'embedded'} job queue)`,
  () => {
    let dataDir: string;
    let speech: SpeechWorkerProcess;
    let projector: ApiProcess;
    let replicas: ApiProcess[];
    let jobWorker: JobWorkerProcess;
    let projectorEnv: Record<string, string>;
    const answers: { via: string; what: string; status: number }[] = [];

    /** Every answer is kept: the journey must see no 5xx anywhere, not only where it asserts. */
    const track = async <A extends { status: number }>(via: ApiProcess, what: string, call: Promise<A>) => {
      const answer = await call;
      answers.push({ via: via.name, what, status: answer.status });
      return answer;
    };

    beforeAll(async () => {
      ensureServerBuild();
      dataDir = mkdtempSync(join(tmpdir(), 'scrivo-topology-'));
      speech = await startSpeechWorker();
      const shared = {
        SCRIVO_DATA_DIR: dataDir,
        SCRIVO_SPEECH_URL: speech.url,
        SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
        SCRIVO_AUTH_RATE_LIMIT_SCALE: '0',
        ...queueEnv(),
      };
      projectorEnv = {
        ...shared,
        SCRIVO_RUN_PROJECTIONS: 'true',
        SCRIVO_ADMIN_EMAIL: ADMIN.email,
        SCRIVO_ADMIN_PASSWORD: ADMIN.password,
      };
      projector = await start('projector', projectorEnv);
      replicas = [
        await start('replica-a', { ...shared, SCRIVO_RUN_PROJECTIONS: 'false' }),
        await start('replica-b', { ...shared, SCRIVO_RUN_PROJECTIONS: 'false' }),
      ];
      jobWorker = startJobWorker({ SCRIVO_DATA_DIR: dataDir, SCRIVO_SPEECH_URL: speech.url, ...queueEnv() });
      await jobWorker.started;
    }, 240_000);

    afterAll(async () => {
      await jobWorker?.stop();
      for (const p of [...(replicas ?? []), projector]) await p?.stop();
      await speech?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    const signUp = async (via: ApiProcess, then: ApiProcess) => {
      const browser = new TestClient(via.url);
      const email = `journey-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
      await track(via, 'send code', browser.api.accounts.sendVerification({ body: { email } }));
      const code = await latestVerificationCode(dataDir, email);
      await track(
        then,
        'verify',
        browser.at(then.url).api.accounts.verifyEmailCode({ body: { email, code } }),
      );
      const registered = await track(
        via,
        'register',
        browser.api.accounts.register({ body: registration(email) }),
      );
      return { browser, registered };
    };

    const upload = (via: ApiProcess, browser: TestClient) => {
      const form = new FormData();
      form.set('file', new Blob([readFileSync(JFK)]), 'jfk.wav');
      return track(via, 'upload', browser.at(via.url).api.recordings.create({ body: form }));
    };

    it('reads every write back at once on the other replica, round after round', async () => {
      const [a, b] = replicas as [ApiProcess, ApiProcess];
      const failures: string[] = [];
      const check = (round: number, what: string, ok: boolean, detail: string) => {
        if (!ok) failures.push(`round ${round}: ${what}: ${detail}`);
      };
      for (let round = 0; round < 6; round += 1) {
        const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
        const { browser, registered } = await signUp(first, second);
        check(round, 'register', registered.status === 201, registered.text);
        const me = await track(second, 'user', browser.at(second.url).api.accounts.currentUser());
        check(round, 'signed in on the other replica', me.status === 200, me.text);

        const created = await upload(second, browser);
        check(round, 'upload', created.status === 201, created.text);
        // A refused upload is a failure already; the round goes on with an id no recording has.
        const id = created.status === 201 ? created.body.id : 'no-upload';
        const read = await track(first, 'read', browser.at(first.url).api.recordings.get({ params: { id } }));
        check(round, 'read the upload', read.status === 200, read.text);

        await track(
          first,
          'rename',
          browser.at(first.url).api.recordings.update({ params: { id }, body: { title: `Round ${round}` } }),
        );
        const renamed = await track(
          second,
          'read renamed',
          browser.at(second.url).api.recordings.get({ params: { id } }),
        );
        check(
          round,
          'rename read back',
          renamed.status === 200 && renamed.body.title === `Round ${round}`,
          renamed.text,
        );

        await track(second, 'delete', browser.at(second.url).api.recordings.remove({ params: { id } }));
        const binned = await track(first, 'list', browser.at(first.url).api.recordings.list());
        check(round, 'deleted gone from the list', !binned.text.includes(id), binned.text);
        const restored = await track(
          first,
          'restore',
          browser.at(first.url).api.recordings.restore({ params: { id } }),
        );
        check(round, 'restore', restored.status === 200, restored.text);
        const back = await track(second, 'read restored', browser.at(second.url).api.recordings.list());
        check(round, 'restored in the list', back.text.includes(id), back.text);

        const visitor = new TestClient(first.url);
        const started = await track(
          first,
          'chat start',
          visitor.api.chat.start({
            body: { siteKey: 'scrivo-app', contextPage: '/', hostOrigin: first.url },
          }),
        );
        check(round, 'chat start', started.status === 201, started.text);
        const begun = started.status === 201 ? started.body : undefined;
        const sessionId = begun?.session.sessionId ?? '';
        const chat = await track(
          second,
          'chat read',
          visitor
            .at(second.url)
            .api.chat.get({ params: { sessionId }, headers: { 'x-chat-token': String(begun?.token) } }),
        );
        check(round, 'chat read back', chat.status === 200, chat.text);
      }
      expect(failures).toEqual([]);
      expect(answers.filter((x) => x.status >= 500)).toEqual([]);
    }, 300_000);

    it('transcribes, exports and carries a live admin reply across replicas', async () => {
      const [a, b] = replicas as [ApiProcess, ApiProcess];
      const { browser } = await signUp(a, b);
      const on = (replica: ApiProcess) => browser.at(replica.url);
      const created = await upload(b, browser);
      expectStatus(created, 201, created.text);
      const id = created.body.id;

      const deadline = Date.now() + 180_000;
      for (let turn = 0; ; turn += 1) {
        const replica = turn % 2 === 0 ? a : b;
        const polled = await track(replica, 'poll', on(replica).api.recordings.get({ params: { id } }));
        const status = polled.status === 200 ? polled.body.status : undefined;
        if (status === 'completed') break;
        if (status === 'failed' || Date.now() > deadline)
          throw new Error(`recording ${String(status)}; job worker said:\n${jobWorker.log()}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      const transcript = await track(b, 'transcript', on(b).api.recordings.transcript({ params: { id } }));
      expectStatus(transcript, 200);
      expect(phraseErrorRate(PHRASE, JSON.stringify(transcript.body))).toBeLessThanOrEqual(HEARD);
      const srt = await track(
        a,
        'export',
        on(a).api.recordings.export({ params: { id }, query: { format: 'srt' } }),
      );
      expectStatus(srt, 200);
      expect(phraseErrorRate('ask not what your country can do', srt.text)).toBeLessThanOrEqual(HEARD);

      // The visitor listens on B; an admin signed in on A replies; the visitor hears it live.
      const visitor = new TestClient(a.url);
      const started = await track(
        a,
        'chat start',
        visitor.api.chat.start({
          body: { siteKey: 'scrivo-app', contextPage: '/pricing', hostOrigin: a.url },
        }),
      );
      expectStatus(started, 201, started.text);
      const sessionId = started.body.session.sessionId;
      const token = started.body.token;
      const live = listen(`${b.url}/api/chat/sessions/${sessionId}/events?token=${token}`);
      await live.ready;
      const admin = new TestClient(a.url);
      const signedIn = await track(
        a,
        'admin login',
        admin.api.accounts.adminLogin({ body: { username: ADMIN.email, password: ADMIN.password } }),
      );
      expectStatus(signedIn, 200, signedIn.text);
      const replied = await track(
        a,
        'admin reply',
        admin.api.adminChat.respond({ params: { sessionId }, body: { content: 'Hello from a person' } }),
      );
      expect(replied.status, replied.text).toBeLessThan(300);
      expect(await live.next(10_000)).toMatchObject({ sessionId });
      live.close();
      const conversation = await track(
        b,
        'chat reread',
        visitor.at(b.url).api.chat.get({ params: { sessionId }, headers: { 'x-chat-token': token } }),
      );
      expect(conversation.text).toContain('Hello from a person');
      expect(answers.filter((x) => x.status >= 500)).toEqual([]);
    }, 300_000);

    it('answers 503 with Retry-After while the projector is down, and loses no write', async () => {
      const [a, b] = replicas as [ApiProcess, ApiProcess];
      const { browser } = await signUp(a, b);
      const created = await upload(a, browser);
      expectStatus(created, 201, created.text);
      const id = created.body.id;

      await projector.stop();
      const renamed = await browser
        .at(b.url)
        .api.recordings.update({ params: { id }, body: { title: 'While the projector slept' } });
      expect(renamed.status).toBe(503);
      expect(renamed.body).toMatchObject({ code: 'READ_MODELS_BEHIND' });
      expect(Number(renamed.headers.get('retry-after'))).toBeGreaterThan(0);

      projector = await start('projector', projectorEnv);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const read = await browser.at(a.url).api.recordings.get({ params: { id } });
        if (read.status === 200 && read.body.title === 'While the projector slept') break;
        if (Date.now() > deadline) throw new Error(`the rename was lost: ${read.text}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }, 120_000);
  },
);

/** A tiny EventSource over fetch: `ready` once the server sent its first event, `next` for each update. */
const listen = (url: string) => {
  const controller = new AbortController();
  const updates: unknown[] = [];
  const waiting: ((u: unknown) => void)[] = [];
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((done) => (markReady = done));
  void (async () => {
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes('event: ready')) markReady();
        const data = /^event: update\ndata: (.*)$/m.exec(block)?.[1];
        if (data) {
          const update: unknown = JSON.parse(data);
          const waiter = waiting.shift();
          if (waiter) waiter(update);
          else updates.push(update);
        }
      }
    }
  })().catch(() => undefined);
  return {
    ready,
    next: (timeoutMs: number) =>
      new Promise<unknown>((done, fail) => {
        const queued = updates.shift();
        if (queued !== undefined) return done(queued);
        const timer = setTimeout(() => fail(new Error('no live update')), timeoutMs);
        waiting.push((u) => {
          clearTimeout(timer);
          done(u);
        });
      }),
    close: () => controller.abort(),
  };
};
