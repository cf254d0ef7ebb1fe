import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { uniqueEmail } from './support/flows';
import { expectStatus } from '../support/expect-status';

describe('rate limits on the account calls (default limits)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.close());

  it('sign-in: the 11th attempt on one account within 15 minutes gets 429 with a clear message', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    for (let i = 0; i < 10; i += 1)
      expect((await client.api.accounts.login({ body: { email, password: 'guess' } })).status).toBe(401);
    const limited = await client.api.accounts.login({ body: { email, password: 'guess' } });
    expectStatus(limited, 429);
    expect(limited.body).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('sign-in: one account gets 30 attempts per 15 minutes however many addresses they come from', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    // The API trusts X-Forwarded-For from a loopback proxy: each attempt seems to come from another address.
    const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });
    const statuses = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push(
        (await client.api.accounts.login({ body: { email, password: `guess-${i}` }, extraHeaders: from(i) }))
          .status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Those addresses are not blocked for other accounts.
    expect(
      (
        await client.api.accounts.login({
          body: { email: uniqueEmail(), password: 'x' },
          extraHeaders: from(0),
        })
      ).status,
    ).toBe(401);
  });

  it('check-user-exists: 30 a minute per address', async () => {
    const client = new TestClient(app.url);
    const answers = [];
    for (let i = 0; i < 31; i += 1)
      answers.push((await client.api.accounts.checkUserExists({ body: { email: uniqueEmail() } })).status);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('password reset: 3 requests per account in 15 minutes', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    for (let i = 0; i < 3; i += 1)
      expect((await client.api.accounts.requestPasswordReset({ body: { email } })).status).toBe(200);
    expect((await client.api.accounts.requestPasswordReset({ body: { email } })).status).toBe(429);
  });

  it('verification codes: 5 sends per account in 10 minutes, whatever the cooldown says', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await client.api.accounts.resendVerification({ body: { email } })).status);
    expect(statuses[0]).toBe(200);
    expect(statuses[5]).toBe(429);
  });
});
