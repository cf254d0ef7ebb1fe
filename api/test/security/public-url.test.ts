import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { latestResetLink } from '../accounts/support/outbox';
import { signUp } from '../accounts/support/flows';
import { startTestApp, type TestApp } from '../support/test-app';

/** A raw request with a Host header of the attacker's choosing (fetch would not let us set it). */
const postWithHost = (
  url: string,
  path: string,
  host: string,
  body: unknown,
  headers: Record<string, string>,
) =>
  new Promise<number>((resolve, reject) => {
    const target = new URL(path, url);
    const data = JSON.stringify(body);
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          host,
          'x-forwarded-host': host,
          'x-forwarded-proto': 'https',
          forwarded: `host=${host};proto=https`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });

describe('links in emails come from SCRIVO_PUBLIC_URL, never from request headers', () => {
  it('refuses to start listening beyond loopback without SCRIVO_PUBLIC_URL, and says why', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(
      /SCRIVO_PUBLIC_URL: is required when HOST=0\.0\.0\.0 listens beyond this machine/,
    );
    expect(() => loadConfig({ HOST: '::' })).toThrow(/SCRIVO_PUBLIC_URL/);
    expect(
      loadConfig({ HOST: '0.0.0.0', SCRIVO_PUBLIC_URL: 'https://scrivo.example.com/' }).SCRIVO_PUBLIC_URL,
    ).toBe('https://scrivo.example.com');
  });

  it('defaults to loopback and to http://localhost:$PORT for links', () => {
    const config = loadConfig({ PORT: '4100' });
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.SCRIVO_PUBLIC_URL).toBe('http://localhost:4100');
    expect(config.publicUrlIsDefault).toBe(true);
    expect(loadConfig({ HOST: 'localhost' }).SCRIVO_PUBLIC_URL).toBe('http://localhost:3000');
  });

  describe('a reset requested with a forged Host header', () => {
    let app: TestApp;
    beforeAll(async () => {
      // SCRIVO_PUBLIC_URL unset: the loopback default applies, as with `npm start`.
      app = await startTestApp({ SCRIVO_PUBLIC_URL: undefined, SCRIVO_AUTH_RATE_LIMIT_SCALE: '100' });
    }, 60_000);
    afterAll(() => app?.close());

    it('emails a link to the configured address, not to the Host or forwarded host', async () => {
      const { email, client } = await signUp(app);
      await client.get('/api/health');
      const status = await postWithHost(
        app.url,
        '/api/password-reset/request',
        'evil.test',
        { email },
        {
          cookie: client.cookieHeader,
          'x-csrf-token': client.cookie('scrivo_csrf') ?? '',
        },
      );
      expect(status).toBe(200);
      const link = await latestResetLink(app.dataDir, email);
      expect(new URL(link).origin).toBe(`http://localhost:${app.scrivo.config.PORT}`);
      expect(link).not.toContain('evil.test');
    });

    it('does not let a forged Host header make a foreign Origin look like our own', async () => {
      const { email, client } = await signUp(app);
      await client.get('/api/health');
      const status = await postWithHost(
        app.url,
        '/api/password-reset/request',
        'evil.test',
        { email },
        {
          cookie: client.cookieHeader,
          'x-csrf-token': client.cookie('scrivo_csrf') ?? '',
          origin: 'https://evil.test',
        },
      );
      expect(status).toBe(403);
    });
  });
});
