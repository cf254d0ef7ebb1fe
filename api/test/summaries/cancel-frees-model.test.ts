import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LanguageModelProcess,
  languageModelInstalled,
  startLanguageModel,
} from '@scrivo/adapters/testing/language-model-process';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import { completedRecording } from '../recordings/support/completed-recording';
import { expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { transcriptOf } from './support/launch-meeting';

/** A meeting long enough that the model needs a good while for it: about 450 words in one part. */
const topics = [
  ['Anna', 'the launch of the mobile app', 'move the launch to the ninth of March'],
  ['Ben', 'the press release', 'send the press release to Anna by Friday'],
  ['Carla', 'the venue for the launch party', 'book the venue at the harbour this week'],
  ['David', 'the second quarter budget', 'shift twenty percent of the social budget to search ads'],
  ['Eva', 'the hiring plan', 'open two positions for support engineers in April'],
  ['Frank', 'the customer survey', 'send the survey to every customer before the end of the month'],
];
const lines: [number, string, string][] = topics.flatMap(([who, topic, action], t) =>
  [
    `Next we talk about ${topic}; there were several questions about it last week.`,
    `I looked into ${topic} with the team and we listed the open points and the risks.`,
    `The main risk for ${topic} is time, since everyone is also busy with the release.`,
    `So my proposal is that we ${action}, unless somebody sees a problem with that.`,
    `Then we agree: we ${action}. I will take care of it and report back next Tuesday.`,
  ].map((text, i): [number, string, string] => [t * 50 + i * 10, who!, text]),
);
const meeting = transcriptOf('en', lines, 10);
/** How much of the cancelled request the reference writes: more than the 4 s of it the test lets run. */
const REFERENCE_TOKENS = 128;

/** Stands between the API and the model service and notes when each request arrives and when it ends. */
interface Watched {
  readonly body: string;
  readonly arrivedAt: number;
  endedAt: number | null;
  answered: boolean;
}
const startWatchingProxy = async (upstream: string) => {
  const requests: Watched[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const watched: Watched = {
        body: Buffer.concat(chunks).toString('utf8'),
        arrivedAt: Date.now(),
        endedAt: null,
        answered: false,
      };
      requests.push(watched);
      const abort = new AbortController();
      res.on('close', () => {
        watched.endedAt ??= Date.now();
        if (!res.writableEnded) abort.abort();
      });
      fetch(new URL(req.url ?? '/', upstream), {
        method: req.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        ...(req.method === 'POST' ? { body: watched.body } : {}),
        signal: abort.signal,
      })
        .then(async (answer) => {
          const text = await answer.text();
          watched.answered = true;
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(text);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const until = async (done: () => boolean | Promise<boolean>, ms = 120_000) => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * The model service answers one request at a time, shared by every job worker: a cancelled summary must give it
 * back at once, not when the answer it no longer wants would have been written.
 */
describe.skipIf(!languageModelInstalled())('cancelling a summary frees the language model at once', () => {
  let llm: LanguageModelProcess;
  let proxy: Awaited<ReturnType<typeof startWatchingProxy>>;
  let app: TestApp;

  beforeAll(async () => {
    llm = await startLanguageModel();
    proxy = await startWatchingProxy(llm.url);
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'true',
      SCRIVO_LLM_URL: proxy.url,
    });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await llm?.stop();
  });

  it('closes the model request of a cancelled summary, and the next request is answered right after', async () => {
    const { client } = await signedInClient(app, { plan: 'business_pro' });
    const id = await completedRecording(app, client, meeting);
    expectStatus(await client.api.summaries.request({ params: { id }, body: {} }), 202);
    const asked = () => proxy.requests.filter((r) => r.body.includes('"messages"'));
    await until(() => asked().length === 1);
    // Well into the model's work on the first part (reading it, then writing).
    await new Promise((r) => setTimeout(r, 4000));
    const cancelled = asked()[0]!;
    expect(cancelled.answered).toBe(false);

    const cancelledAt = Date.now();
    expectStatus(await client.api.summaries.cancel({ params: { id } }), 200);
    await until(() => cancelled.endedAt !== null, 10_000);
    expect(cancelled.answered).toBe(false);
    // The worker notices within a second and closes the request.
    expect(cancelled.endedAt! - cancelledAt).toBeLessThan(3000);

    const model = new LocalLanguageModel({ url: llm.url });
    const next = Date.now();
    await model.complete({ messages: [{ role: 'user', content: 'Say OK.' }], maxTokens: 3 });
    const nextTook = Date.now() - next;

    // The same request cut to its first tokens, for comparison: the least the next one would have waited for had
    // the cancelled one run on (its whole answer is hundreds of tokens; letting it finish here cost half a minute of
    // both cores for nothing more).
    const full = Date.now();
    const rerun = await fetch(new URL('/v1/chat/completions', llm.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...JSON.parse(cancelled.body), max_tokens: REFERENCE_TOKENS }),
    });
    expect(rerun.status).toBe(200);
    await rerun.text();
    const fullTook = Date.now() - full;
    const stillToGo = fullTook - (cancelledAt - cancelled.arrivedAt);
    expect(nextTook, `next ${nextTook} ms; the cancelled one had ${stillToGo} ms to go`).toBeLessThan(
      stillToGo / 2,
    );
    // And nothing more was asked of the model for the cancelled summary.
    expect(asked()).toHaveLength(1);
    // Through all of it, the service's memory at its peak stayed under 1.9 GB.
    const peakKb = Number(
      /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${llm.process.pid}/status`, 'utf8'))?.[1],
    );
    expect(peakKb * 1024).toBeLessThan(1.9e9);
  }, 400_000);
});
