import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EngineRequest,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '@scrivo/adapters/testing/openai-compatible-server';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { completedRecording } from '../recordings/support/completed-recording';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';

/** A long meeting: three topics of about 1,000 words each, so the summary is written in three parts. */
const topics = ['the launch', 'the budget', 'the hiring plan'];
const lines: [number, string][] = topics.flatMap((topic, t) =>
  Array.from({ length: 50 }, (_, i): [number, string] => [
    t * 600 + i * 12,
    `About ${topic}, point ${i + 1}: we went through the numbers, the risks and the next steps once more together.`,
  ]),
);
const meeting: TranscriptBody = {
  language: 'en',
  languageProbability: 0.99,
  durationSeconds: lines.at(-1)![0] + 12,
  text: lines.map(([, t]) => t).join(' '),
  segments: lines.map(([start, text], id) => ({
    id,
    start,
    end: start + 12,
    text: ` ${text}`,
    speaker: 'Anna',
    words: [],
  })),
  engine: 'test:fixed',
};

const ANSWER_MS = 1500;

/**
 * A scripted model behind the OpenAI-compatible server, answering each question of the summarizer in its shape
 * after a pause: what is tested here is how the parts reach the page, not what a model says (that is
 * summaries-api.test.ts and bench/README.md).
 */
const scriptedModel = async (request: EngineRequest): Promise<string> => {
  await new Promise((r) => setTimeout(r, ANSWER_MS));
  const lines = request.messages.at(-1)?.content ?? '';
  const first = Number(/^\[(\d+)\]/.exec(lines)?.[1] ?? 0);
  const topic = /About (the [a-z ]+),/.exec(lines)?.[1] ?? 'the meeting';
  const shape = typeof request.json === 'object' && request.json ? request.json : {};
  const properties = typeof shape.properties === 'object' && shape.properties ? shape.properties : {};
  if ('decisions' in properties)
    return JSON.stringify({
      decisions: [{ text: `We settle ${topic}.`, at: first + 12 }],
      actionItems: [{ owner: 'Anna', text: `Write up ${topic}.`, at: first + 24 }],
    });
  if ('chapters' in properties)
    return JSON.stringify({
      overview: `The team went through ${topic}.`,
      keyPoints: [{ text: `The numbers of ${topic} were checked.`, at: first }],
      chapters: [{ title: topic, start: first }],
    });
  return JSON.stringify({ overview: 'The team went through the launch, the budget and the hiring plan.' });
};

describe('a long summary is written as it goes', () => {
  let server: OpenAiCompatibleServer;
  let app: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    server = await startOpenAiCompatibleServer({ model: 'scripted', engine: scriptedModel });
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'true',
      SCRIVO_LLM_ENGINE: 'openai',
      SCRIVO_LLM_BASE_URL: server.baseUrl,
      SCRIVO_LLM_MODEL: 'scripted',
    });
    ({ client } = await signedInClient(app, { plan: 'business_pro' }));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('shows the chapters and points of each part once it is done, with the parts left and the time left', async () => {
    const id = await completedRecording(app, client, meeting);
    expect((await client.post(`/api/recordings/${id}/summary`, {})).status).toBe(202);
    const seen: { partsDone: number; partsTotal: number; chapters: string[]; secondsLeft: number }[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const view = await client.get(`/api/recordings/${id}/summary`);
      if (view.body.status !== 'running') break;
      const draft = view.body.draft as {
        partsDone: number;
        partsTotal: number;
        secondsLeft: number;
        content: { chapters: { title: string }[]; decisions: { text: string }[] };
      } | null;
      if (draft && draft.partsDone !== seen.at(-1)?.partsDone)
        seen.push({
          partsDone: draft.partsDone,
          partsTotal: draft.partsTotal,
          chapters: draft.content.chapters.map((c) => c.title),
          secondsLeft: draft.secondsLeft,
        });
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen.map(({ partsDone, partsTotal, chapters }) => ({ partsDone, partsTotal, chapters }))).toEqual([
      { partsDone: 1, partsTotal: 3, chapters: ['the launch'] },
      { partsDone: 2, partsTotal: 3, chapters: ['the launch', 'the budget'] },
      { partsDone: 3, partsTotal: 3, chapters: ['the launch', 'the budget', 'the hiring plan'] },
    ]);
    // After one part of three (two answers of 1.5 s each), about two more parts and the joining are left.
    expect(seen[0]!.secondsLeft).toBeGreaterThanOrEqual(5);
    expect(seen[0]!.secondsLeft).toBeLessThanOrEqual(15);
    const ready = await client.get(`/api/recordings/${id}/summary`);
    expect(ready.body).toMatchObject({
      status: 'ready',
      draft: null,
      content: { overview: 'The team went through the launch, the budget and the hiring plan.' },
    });
    expect((ready.body.content as { chapters: unknown[] }).chapters).toHaveLength(3);
  }, 90_000);
});
