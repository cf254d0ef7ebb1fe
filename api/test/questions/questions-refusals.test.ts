import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRecording } from '../recordings/support/completed-recording';
import { type TestClient, unchecked } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventsOf, productLaunch } from './support';
import { expectStatus } from '../support/expect-status';

/** What is refused before any model is asked: no language model runs here (its URL goes nowhere). */
describe('asking a recording a question: refusals', () => {
  let app: TestApp;
  let off: TestApp;
  let pro: TestClient;
  let meetingId: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', SCRIVO_LLM_URL: 'http://127.0.0.1:9' });
    ({ client: pro } = await signedInClient(app, { plan: 'business_pro' }));
    meetingId = await completedRecording(app, pro, productLaunch(), 'Product launch');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await off?.close();
  });

  const ask = (client: TestClient, question: unknown, id = meetingId) =>
    client.api.questions.ask({ params: { id }, body: { question: unchecked(question) } });

  it('asks for a question when there is none, or it is over 500 characters', async () => {
    for (const question of ['', '   ', 42, 'x'.repeat(501)]) {
      const res = await ask(pro, question);
      expectStatus(res, 400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await pro.api.questions.ask({ params: { id: meetingId }, body: unchecked({}) })).status).toBe(
      400,
    );
  });

  it('answers 404 for a recording that is not the caller’s, whatever their plan', async () => {
    const { client: other } = await signedInClient(app, { plan: 'business_pro' });
    const res = await ask(other, 'What was decided about the price?');
    expect(res.status).toBe(404);
  });

  it('tells a Premium or Free user that questions are a Business Pro feature', async () => {
    for (const plan of ['premium', 'free'] as const) {
      const { client } = await signedInClient(app, { plan });
      const id = await completedRecording(app, client, productLaunch(), 'Product launch');
      const res = await ask(client, 'What was decided about the price?', id);
      expectStatus(res, 402);
      expect(res.body).toMatchObject({
        code: 'PLAN_UPGRADE_REQUIRED',
        details: { requiredPlan: 'business_pro' },
      });
      expect(res.body.message).toMatch(/Business Pro/);
    }
  });

  it('answers "not in this recording" at once when no line shares a word with the question', async () => {
    const res = await ask(pro, 'What is the capital of Peru?');
    expectStatus(res, 200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(eventsOf(res.text)).toEqual([
      { type: 'done', answer: 'Not in this recording.', citations: [], notInRecording: true },
    ]);
  });

  it('says the language model is not running (503), not a server error, when it cannot be reached', async () => {
    const res = await ask(pro, 'What was decided about the price?');
    expectStatus(res, 503);
    expect(res.body.code).toBe('LANGUAGE_MODEL_UNAVAILABLE');
  });

  it('says the installation has no language model when the operator turned it off', async () => {
    off = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', SCRIVO_LLM_ENGINE: 'none' });
    const { client } = await signedInClient(off, { plan: 'business_pro' });
    const id = await completedRecording(off, client, productLaunch(), 'Product launch');
    const res = await ask(client, 'What was decided about the price?', id);
    expectStatus(res, 503);
    expect(res.body.message).toMatch(/no language model/);
  }, 60_000);

  it('waits for the transcript: a recording still being transcribed is a 409', async () => {
    const form = new FormData();
    const { JFK } = await import('../recordings/support/completed-recording');
    form.set('file', new Blob([JFK]), 'jfk.wav');
    const created = await pro.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const res = await ask(pro, 'What was said?', created.body.id as string);
    expectStatus(res, 409);
    expect(res.body.code).toBe('TRANSCRIPT_NOT_READY');
  });

  it('asks through the OpenAI chat protocol with an API key, with OpenAI-shaped refusals', async () => {
    const created = await pro.api.apiKeys.create({ body: { name: 'script', scopes: ['write'] } });
    expectStatus(created, 201);
    const key = created.body.secret as string;
    const chat = (body: unknown) =>
      fetch(`${app.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const notAnObject = await chat('AAA');
    expect(notAnObject.status).toBe(400);
    expect(await notAnObject.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const wrongModel = await chat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] });
    expect(wrongModel.status).toBe(400);
    expect(((await wrongModel.json()) as { error: { param: string } }).error.param).toBe('model');
    const noQuestion = await chat({
      model: `scrivo-recording-${meetingId}`,
      messages: [{ role: 'system', content: 'x' }],
    });
    expect(noQuestion.status).toBe(400);
    const notMine = await chat({
      model: 'scrivo-recording-nope',
      messages: [{ role: 'user', content: 'Price?' }],
    });
    expect(notMine.status).toBe(404);

    const answer = await chat({
      model: `scrivo-recording-${meetingId}`,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the capital of Peru?' }] }],
    });
    expect(answer.status).toBe(200);
    const completion = (await answer.json()) as {
      object: string;
      choices: { message: { content: string } }[];
    };
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]!.message.content).toBe('Not in this recording.');
  });
});
