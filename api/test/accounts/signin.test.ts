import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { latestVerificationCode, mailsTo } from './support/outbox';
import { registration, signUp, uniqueEmail } from './support/flows';
import { expectStatus } from '../support/expect-status';

describe('sign-in, sign-out and the current user', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100' });
  });
  afterAll(async () => app?.close());

  it('GET /api/user answers 401 without a session', async () => {
    const answer = await new TestClient(app.url).api.accounts.currentUser();
    expectStatus(answer, 401);
    expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED', error: 'Please sign in to continue.' });
  });

  it('signs in with the right password (any case of the email) and answers the user', async () => {
    const { email } = await signUp(app);
    const client = new TestClient(app.url);
    const answer = await client.api.accounts.login({
      body: {
        email: ` ${email.toUpperCase()}`,
        password: 'secret-pass',
      },
    });
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ email, firstName: 'Ada', plan: 'free' });
    expect(answer.body).not.toHaveProperty('passwordHash');
    expect((await client.api.accounts.currentUser()).body).toMatchObject({ email });
  });

  it('refuses a wrong password and an unknown email with the same 401 answer', async () => {
    const { email } = await signUp(app);
    const client = new TestClient(app.url);
    const wrong = await client.api.accounts.login({ body: { email, password: 'secret-pasS' } });
    const unknown = await client.api.accounts.login({
      body: { email: uniqueEmail(), password: 'secret-pass' },
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'Invalid email or password' });
    }
    expect((await client.api.accounts.currentUser()).status).toBe(401);
  });

  it('answers EMAIL_NOT_VERIFIED for an unverified account and emails a new code; the code then verifies it', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    expect((await client.api.accounts.register({ body: registration(email) })).status).toBe(202);
    const first = await latestVerificationCode(app.dataDir, email);

    const answer = await client.api.accounts.login({ body: { email, password: 'secret-pass' } });
    expectStatus(answer, 403);
    expect(answer.body).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      error: 'Please verify your email address. We sent a new verification code to your email.',
    });
    // The code sent moments ago by the registration is still valid, so no second email within the cooldown.
    expect((await mailsTo(app.dataDir, email, 'verification-code')).length).toBe(1);

    expect((await client.api.accounts.verifyEmailCode({ body: { email, code: first } })).status).toBe(200);
    const signedIn = await client.api.accounts.login({ body: { email, password: 'secret-pass' } });
    expectStatus(signedIn, 200);
    expect(signedIn.body).toMatchObject({ emailVerified: true });
  });

  it('a wrong password on an unverified account is still just a wrong password', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    await client.api.accounts.register({ body: registration(email) });
    const answer = await client.api.accounts.login({ body: { email, password: 'not-it' } });
    expectStatus(answer, 401);
    expect(answer.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('gives each sign-in a fresh session id and revokes the old one', async () => {
    const { email, client } = await signUp(app);
    const before = client.cookie('scrivo_session')!;
    await client.api.accounts.login({ body: { email, password: 'secret-pass' } });
    const after = client.cookie('scrivo_session')!;
    expect(after).not.toBe(before);
    const stale = new TestClient(app.url);
    stale.setCookie('scrivo_session', before);
    expect((await stale.api.accounts.currentUser()).status).toBe(401);
  });

  it('logout revokes the session server-side and clears the cookie', async () => {
    const { client } = await signUp(app);
    const sessionId = client.cookie('scrivo_session')!;
    const answer = await client.api.accounts.logout();
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ success: true, message: 'Signed out' });
    expect(client.cookie('scrivo_session')).toBeUndefined();
    const replay = new TestClient(app.url);
    replay.setCookie('scrivo_session', sessionId);
    expect((await replay.api.accounts.currentUser()).status).toBe(401);
    // Signing out twice (or without a session) is fine.
    expect((await new TestClient(app.url).api.accounts.logout()).status).toBe(200);
  });

  it('refuses state-changing calls without the CSRF token or from another origin', async () => {
    const noToken = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'secret-pass' }),
    });
    expect(noToken.status).toBe(403);
    const client = new TestClient(app.url);
    const otherSite = await client.api.accounts.login({
      body: { email: 'a@b.co', password: 'x' },
      extraHeaders: { origin: 'https://evil.example' },
    });
    expect(otherSite.status).toBe(403);
    expect(otherSite.body).toMatchObject({ code: 'CSRF_FAILED' });
  });
});
