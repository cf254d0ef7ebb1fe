import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PAGE } from '@scrivo/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { adminClient } from './admin-session';
import { expectStatus } from '../support/expect-status';
import { unchecked } from '../support/http-client';

// Inputs a fuzzer (schemathesis) found answered with a 5xx; each must be the client's error, never ours.
describe('support chat: bad input is a 4xx, not a server error', () => {
  let app: TestApp;
  let widgetDist: string;
  beforeAll(async () => {
    widgetDist = mkdtempSync(join(tmpdir(), 'scrivo-widget-'));
    mkdirSync(join(widgetDist, 'assets'));
    writeFileSync(join(widgetDist, 'assets', 'app.js'), 'console.log(1)');
    process.env.SCRIVO_WIDGET_DIST = widgetDist;
    app = await startTestApp();
  });
  afterAll(async () => {
    delete process.env.SCRIVO_WIDGET_DIST;
    await app?.close();
    rmSync(widgetDist, { recursive: true, force: true });
  });

  it.each([String(MAX_PAGE + 1), '1e300', '9007199254740993'])(
    'the admin queue refuses page=%s with 400 (it reached SQLite as an impossible offset)',
    async (page) => {
      const { client } = await adminClient(app);
      const response = await client.api.adminChat.listSessions({ query: { page: unchecked(page) } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    },
  );

  it('the last allowed page is simply empty', async () => {
    const { client } = await adminClient(app);
    const response = await client.api.adminChat.listSessions({ query: { page: MAX_PAGE } });
    expectStatus(response, 200);
    expect(response.body).toMatchObject({ sessions: [], page: MAX_PAGE });
  });

  it('a missing widget asset is a quiet 404 (no error-level log per anonymous request)', async () => {
    const errors = vi.spyOn(app.scrivo.logger, 'error');
    try {
      expect((await fetch(`${app.url}/widget/assets/app.js`)).status).toBe(200);
      const missing = await fetch(`${app.url}/widget/assets/nope-${Date.now()}.js`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
      // Sent as written (fetch would resolve the dots before sending, and the SPA would answer the result).
      const climbing = await rawGet(`${app.url}/widget/assets/../../etc/passwd`);
      expect(climbing.status).not.toBe(200);
      expect(climbing.body).not.toContain('root:');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

/** A GET whose path goes out exactly as written, dot segments included. */
const rawGet = (url: string) =>
  new Promise<{ status: number; body: string }>((done, fail) => {
    const { origin } = new URL(url);
    const target = new URL(origin);
    const req = request(
      { host: target.hostname, port: target.port, path: url.slice(origin.length), method: 'GET' },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', fail);
    req.end();
  });
