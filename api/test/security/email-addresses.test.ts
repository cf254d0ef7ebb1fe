import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVisitor } from '../chat/visitor';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Addresses that pass a loose `x@y.z` check but that a mailer reads as other or extra recipients. */
const SMUGGLING = [
  'victim@example.com>attacker@evil.test',
  '<attacker@evil.test>victim@example.com',
  '"victim@example.com"@evil.test',
  "victim'@example.com",
  'victim@example.com,attacker@evil.test',
  'victim@example.com;attacker@evil.test',
  'Victim <victim@example.com>',
  'victim@example.com\nBcc:attacker@evil.test',
  'victim@exa(mple).com',
  'victim..x@example.com',
];
const PLAIN = [
  'ada@example.com',
  'Ada.Lovelace+scrivo@mail.example.co.uk',
  'a_b-c%d@sub-domain.example.xn--p1ai',
];

describe('email addresses are refused unless plain (no quotes, brackets, lists)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '0' });
  }, 60_000);
  afterAll(() => app?.close());

  it('answers 400 with a clear message on sign-up, sign-in and password reset', async () => {
    const client = new TestClient(app.url);
    for (const email of SMUGGLING) {
      for (const [path, body] of [
        ['/api/send-verification-code', { email }],
        ['/api/login', { email, password: 'whatever-1' }],
        ['/api/password-reset/request', { email }],
      ] as const) {
        const answer = await client.post(path, body);
        expect(answer.status, `${path} ${JSON.stringify(email)}`).toBe(400);
        expect(answer.text).toContain('Please enter a valid email address');
      }
    }
  });

  it('accepts ordinary addresses', async () => {
    const client = new TestClient(app.url);
    for (const email of PLAIN)
      expect((await client.post('/api/send-verification-code', { email })).status, email).toBe(200);
  });

  it('refuses them as a chat contact address too', async () => {
    const visitor = await startVisitor(app.url);
    for (const email of SMUGGLING)
      expect((await visitor.leaveEmail(email)).status, JSON.stringify(email)).toBe(400);
    expect((await visitor.leaveEmail(PLAIN[0])).status).toBe(200);
  });
});
