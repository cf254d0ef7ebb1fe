import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { attack, requestFor } from './support/attack';
import { allRoutes, SAFE_METHODS, spellingsOf } from './support/routes';
import { buildWorld, ownerView, type World } from './support/world';

/**
 * The widget's calls: the frame on another site makes them with a per-session token in a header, never with a
 * cookie, so there is nothing for a forged request to ride on (chat.module registers the exemption). Stripe's
 * webhook: authenticated by its signature over the body, exactly that path (accounts.module registers it). The
 * OpenAI-compatible routes: an API key only, never a cookie (openai.module registers them).
 */
const isExempt = (path: string) =>
  /^\/api\/chat\//.test(path) ||
  path === '/api/billing/stripe/webhook' ||
  path === '/v1/audio/transcriptions' ||
  path === '/v1/chat/completions';

const stateChanging = allRoutes.filter((r) => !SAFE_METHODS.has(r.method));

describe('CSRF: a state-changing request from another site is refused on every route and every spelling', () => {
  let app: TestApp;
  let world: World;
  let attacker: { email: string; password: string };

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', SCRIVO_AUTH_RATE_LIMIT_SCALE: '0' });
    world = await buildWorld(app);
    attacker = { email: world.otherUser.email, password: 'test-password' };
  }, 120_000);
  afterAll(() => app?.close());

  it('covers every non-safe route of the contract and tus', () => {
    const names = stateChanging.map((r) => r.name);
    for (const name of [
      'contract.accounts.login',
      'contract.recordings.create',
      'contract.adminChat.createSite',
    ])
      expect(names).toContain(name);
    expect(names).toEqual(expect.arrayContaining(['tus.create', 'tus.patch', 'tus.delete']));
    expect(names).toEqual(
      expect.arrayContaining(['contract.accounts.openBillingPortal', 'billing.stripeWebhook']),
    );
  });

  it.each([
    ['from a foreign Origin without the token', { origin: 'https://evil.test', csrfToken: false }],
    ['from a foreign Origin even with the token', { origin: 'https://evil.test', csrfToken: true }],
    ['without an Origin and without the token', { csrfToken: false }],
    ['from an Origin that only looks like ours', { origin: 'http://127.0.0.1.evil.test', csrfToken: false }],
  ])(
    'refuses the signed-in victim’s request %s: 403, or 404 where it routes nowhere',
    async (_, how) => {
      const before = await ownerView(world);
      const wrong: string[] = [];
      for (const client of [world.owner.client, world.admin]) {
        for (const route of stateChanging) {
          // A forging page cannot read the widget's chat token; it only has the victim's cookies.
          const request = requestFor(route, {
            chatToken: 'unknown',
            uploadOffset: String(64 * 1024),
            recordingId: world.ids.id,
          });
          if (route.path === '/api/login') request.body = attacker;
          const spellings = spellingsOf(route.path, world.ids);
          const asWritten = spellings[0]!.path;
          for (const spelling of spellings) {
            // The exempt path itself, however it was reached (a spelling that changes nothing is the same path).
            if (isExempt(spelling.path) && spelling.path === asWritten) continue;
            const status = await attack(
              app.url,
              client,
              route.method,
              spelling.path + request.query,
              request,
              how,
            );
            const refused = status === 403 || status === 404;
            if (!refused) wrong.push(`${route.method} ${spelling.path} (${spelling.label}): ${status}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      // Nothing changed, and the victim is still signed in as themselves (no login CSRF, no logout).
      expect(await ownerView(world)).toEqual(before);
    },
    300_000,
  );

  it('lets the same requests through from the app itself (the check is not simply closed)', async () => {
    const client = new TestClient(app.url);
    await client.get('/api/health');
    const login = await client.post('/api/login', attacker, { origin: app.url });
    expect(login.status, login.text).toBe(200);
  });

  it('does not let a path through the exempt /api/chat/ prefix reach another route (dot segments)', async () => {
    // fetch would resolve `..` before sending: a raw request keeps the path as an attacker's tool sends it.
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${app.url}${path}`, {
          method: 'POST',
          headers: { cookie: world.owner.client.cookieHeader, 'content-type': 'application/json' },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(JSON.stringify({ title: 'forged' }));
      });
    const before = await ownerView(world);
    const ids = world.ids;
    for (const path of [
      '/api/chat/../recordings',
      '/api/chat/%2e%2e/recordings',
      '/api/chat/..%2Frecordings',
      `/api/chat/../recordings/${ids.id}/restore`,
      `/api/chat/sessions/../../recordings/${ids.id}/cancel`,
    ])
      expect([403, 404], path).toContain(await raw(path));
    expect(await ownerView(world)).toEqual(before);
  });

  it('exempts only paths spelled exactly as the router matches them', async () => {
    const { exemptFromCsrf } = await import('../../src/common/csrf');
    expect(() => exemptFromCsrf(/\/api\/widget-hook/)).toThrow(/anchored/);
    expect(() => exemptFromCsrf(/^\/api\/widget-hook/i)).toThrow(/case-sensitive/);
  });
});
