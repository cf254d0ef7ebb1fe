import { Agent, get, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectStatus } from '../support/expect-status';
import { STRIPE_WEBHOOK_PATH } from '../../src/accounts/controllers/billing-webhook.controller';

describe('the API shell', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reports each adapter and projection on GET /api/health', async () => {
    const res = await new TestClient(app.url).api.health.health();
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ status: 'ok' });
    const adapters = (res.body as { adapters: { port: string; adapter: string; ok: boolean }[] }).adapters;
    expect(adapters.map((a) => [a.port, a.adapter, a.ok])).toEqual([
      ['events', 'sqlite', true],
      ['readModels', 'sqlite', true],
      ['blobs', 'local', true],
    ]);
    for (const p of (res.body as { projections: { behind: number; error: string | null }[] }).projections) {
      expect(p.error).toBeNull();
    }
  });

  it('keeps an idle connection open longer than the clients in front of it keep theirs (no close under them)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const port = (): Promise<number> =>
      new Promise((resolve, reject) =>
        get(`${app.url}/api/health`, { agent }, (res) => {
          // Read before the end: the socket goes back to the agent's pool then.
          const local = res.socket.localPort ?? 0;
          res.resume();
          res.on('end', () => resolve(local));
        }).on('error', reject),
      );
    const first = await port();
    // Past Node's default of 5 s, where the server used to close the connection the client was about to reuse.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await port()).toBe(first);
    agent.destroy();
  }, 15_000);

  it('tags every response with a request id and keeps a caller-supplied one', async () => {
    const res = await new TestClient(app.url).api.health.health({
      extraHeaders: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const generated = await new TestClient(app.url).api.health.health();
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers errors in one JSON shape', async () => {
    const res = await new TestClient(app.url).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'NOT_FOUND',
      error: expect.any(String),
      message: expect.any(String),
    });
  });

  it('refuses a state-changing call without the CSRF token', async () => {
    const res = await fetch(`${app.url}/api/anything`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'CSRF_FAILED' });
  });

  it('refuses a state-changing call from another origin even with the token', async () => {
    const client = new TestClient(app.url);
    const res = await client.post('/api/anything', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CSRF_FAILED' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const client = new TestClient(app.url);
    const res = await client.request('POST', '/api/anything', '{"broken":', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'MALFORMED_JSON' });
  });
});

describe('the API shell stopping', () => {
  it('lets go of a kept-alive connection as soon as the request on it is answered', async () => {
    const app = await startTestApp();
    const agent = new Agent({ keepAlive: true });
    // A request still on its way in when the stop begins: its body is sent after close() is called.
    const answered = new Promise<number>((resolve, reject) => {
      // Stripe's webhook reads the whole body before it answers (a 4xx or 501 here: no signature, no billing set up).
      const req = request(`${app.url}${STRIPE_WEBHOOK_PATH}`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': '2' },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write('{');
      setTimeout(() => req.end('}'), 500);
    });
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const closing = app.close();
    expect(await answered).toBeGreaterThanOrEqual(400);
    await closing;
    // Before, the answered connection was held for the whole keep-alive time (65 s) and the stop waited for it.
    expect(Date.now() - started).toBeLessThan(10_000);
    agent.destroy();
  }, 30_000);
});
