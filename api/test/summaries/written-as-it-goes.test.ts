import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '@scrivo/adapters/testing/openai-compatible-server';
import { completedRecording } from '../recordings/support/completed-recording';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { longMeeting, scriptedSummaryModel } from './support/scripted-summary-model';
import { bodyOf, expectStatus } from '../support/expect-status';

describe('a long summary is written as it goes', () => {
  let server: OpenAiCompatibleServer;
  let app: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    server = await startOpenAiCompatibleServer({ model: 'scripted', engine: scriptedSummaryModel(1500) });
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
    const id = await completedRecording(app, client, longMeeting);
    expect((await client.api.summaries.request({ params: { id }, body: {} })).status).toBe(202);
    const seen: { partsDone: number; partsTotal: number; chapters: string[]; secondsLeft: number }[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const view = await client.api.summaries.get({ params: { id } });
      expectStatus(view, 200);
      expectStatus(view, 200);
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
    const ready = await client.api.summaries.get({ params: { id } });
    expectStatus(ready, 200);
    expect(ready.body).toMatchObject({
      status: 'ready',
      draft: null,
      content: { overview: 'The team went through the launch, the budget and the hiring plan.' },
    });
    expect((ready.body.content as { chapters: unknown[] }).chapters).toHaveLength(3);
  }, 90_000);

  it('says how many summaries are ahead while one waits for another being written', async () => {
    const first = await completedRecording(app, client, longMeeting);
    const other = await signedInClient(app, { plan: 'business_pro' });
    const second = await completedRecording(app, other.client, {
      ...longMeeting,
      segments: longMeeting.segments.slice(0, 3),
    });
    expect((await client.api.summaries.request({ params: { id: first }, body: {} })).status).toBe(202);
    const firstView = () => client.api.summaries.get({ params: { id: first } });
    for (let view = await firstView(); bodyOf(view, 200).draft === null; view = await firstView())
      await new Promise((r) => setTimeout(r, 200));
    expect(bodyOf(await firstView(), 200).ahead).toBeNull();

    const asked = await other.client.api.summaries.request({ params: { id: second }, body: {} });
    expect(asked.body).toMatchObject({ status: 'running', ahead: 1, draft: null });
    const secondView = () => other.client.api.summaries.get({ params: { id: second } });
    let view = await secondView();
    for (
      const deadline = Date.now() + 60_000;
      bodyOf(view, 200).status === 'running' && Date.now() < deadline;
    )
      view = await new Promise((r) => setTimeout(r, 250)).then(secondView);
    expect(view.body).toMatchObject({ status: 'ready', ahead: null });
  }, 90_000);
});
