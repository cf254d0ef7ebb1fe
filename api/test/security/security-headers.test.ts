import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { buildWorld, tusFetch, type World } from './support/world';

/** Only the headers of a response (an event stream is not read to its end). */
const headersOf = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000), ...init });
  await response.body?.cancel();
  return { status: response.status, headers: response.headers };
};

const cspOf = (headers: Headers) => headers.get('content-security-policy') ?? '';
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers on every kind of response', () => {
  let app: TestApp;
  let world: World;
  let cases: [string, () => Promise<{ status: number; headers: Headers }>][];

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    world = await buildWorld(app);
    const { owner, ids } = world;
    const asOwner = { headers: { cookie: owner.client.cookieHeader } };
    cases = [
      ['the SPA (home page)', () => headersOf(`${app.url}/`)],
      ['the SPA (a client-side route)', () => headersOf(`${app.url}/dashboard`)],
      ['an SPA asset that does not exist', () => headersOf(`${app.url}/assets/missing.js`)],
      ['API JSON', () => headersOf(`${app.url}/api/health`)],
      ['an API error (401)', () => headersOf(`${app.url}/api/recordings`)],
      ['an API 404', () => headersOf(`${app.url}/api/nothing-here`)],
      ['a CSRF refusal (403)', () => headersOf(`${app.url}/api/logout`, { method: 'POST' })],
      ['media', () => headersOf(`${app.url}/api/recordings/${ids.id}/media`, asOwner)],
      ['an export (txt)', () => headersOf(`${app.url}/api/recordings/${ids.id}/export?format=txt`, asOwner)],
      ['an export (pdf)', () => headersOf(`${app.url}/api/recordings/${ids.id}/export?format=pdf`, asOwner)],
      ['the recordings event stream', () => headersOf(`${app.url}/api/recordings/events`, asOwner)],
      [
        'a tus HEAD',
        async () => {
          const r = await tusFetch(owner.client, `${app.url}/api/uploads/${ids.uploadId}`, 'HEAD');
          return { status: r.status, headers: r.headers };
        },
      ],
      ['the widget loader', () => headersOf(`${app.url}/widget/widget.js`)],
      ['the widget page', () => headersOf(`${app.url}/widget/frame.html?siteKey=scrivo-app`)],
      [
        'the widget page of an unknown site',
        () => headersOf(`${app.url}/widget/frame.html?siteKey=nope-nope`),
      ],
      ['a missing widget asset', () => headersOf(`${app.url}/widget/assets/missing.js`)],
    ];
  }, 120_000);
  afterAll(() => app?.close());

  it('sends nosniff, a Referrer-Policy, a resource policy and a CSP that limits framing, on each', async () => {
    const missing: string[] = [];
    for (const [label, load] of cases) {
      const { status, headers } = await load();
      const csp = cspOf(headers);
      const problems = [
        headers.get('x-content-type-options') !== 'nosniff' && 'X-Content-Type-Options',
        !headers.get('referrer-policy') && 'Referrer-Policy',
        !headers.get('cross-origin-resource-policy') && 'Cross-Origin-Resource-Policy',
        !directive(csp, 'default-src') && 'CSP default-src',
        !directive(csp, 'frame-ancestors') && 'CSP frame-ancestors',
        !directive(csp, 'object-src') && 'CSP object-src',
        !headers.get('x-request-id') && 'X-Request-Id',
        headers.get('x-powered-by') && 'X-Powered-By present',
      ].filter(Boolean);
      if (problems.length) missing.push(`${label} (${status}): ${problems.join(', ')}`);
    }
    expect(missing).toEqual([]);
  });

  it('keeps the app’s own pages unframeable by other sites', async () => {
    for (const [label, load] of cases.filter(([l]) => !l.startsWith('the widget page'))) {
      const { headers } = await load();
      expect(directive(cspOf(headers), 'frame-ancestors'), label).toBe("frame-ancestors 'self'");
      expect(headers.get('x-frame-options'), label).toBe('SAMEORIGIN');
    }
  });

  it('lets the widget be embedded: the loader by any page, its frame only by the site’s allowed origins', async () => {
    const loader = await headersOf(`${app.url}/widget/widget.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    const frame = await headersOf(`${app.url}/widget/frame.html?siteKey=scrivo-app`);
    expect(frame.status).toBe(200);
    const ancestors = directive(cspOf(frame.headers), 'frame-ancestors')!;
    expect(ancestors).toContain("'self'");
    expect(ancestors).toContain(app.url);
    // X-Frame-Options cannot name other origins: frame-ancestors decides alone.
    expect(frame.headers.get('x-frame-options')).toBeNull();
    expect(frame.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});
