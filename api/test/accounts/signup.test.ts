import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { latestVerificationCode, mailsTo } from './support/outbox';
import { registration, signUp, uniqueEmail } from './support/flows';
import { expectStatus } from '../support/expect-status';

describe('sign-up through the real API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100' });
  });
  afterAll(async () => app?.close());

  it('checks, sends a code, verifies it and registers: the user is signed in and sent to /plan-selection', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    expect((await client.api.accounts.checkUserExists({ body: { email } })).body).toEqual({ exists: false });

    const sent = await client.api.accounts.sendVerification({ body: { email } });
    expectStatus(sent, 200);
    expect(sent.body).toEqual({ success: true, message: 'Verification code sent' });
    const code = await latestVerificationCode(app.dataDir, email);
    expect(code).toMatch(/^\d{6}$/);

    expect((await client.api.accounts.verifyEmailCode({ body: { email, code } })).status).toBe(200);
    const registered = await client.api.accounts.register({ body: registration(email) });
    expectStatus(registered, 201);
    expect(registered.body.redirectTo).toBe('/plan-selection');
    expect(registered.body.user).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      plan: 'free',
      language: 'en',
      emailVerified: true,
      industry: 'Technology & Software',
      hearAboutUs: 'Other: a podcast',
      hasPassword: true,
    });
    const cookie = registered.headers.getSetCookie().find((c) => c.startsWith('scrivo_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);

    const me = await client.api.accounts.currentUser();
    expectStatus(me, 200);
    expect(me.body).toMatchObject({ email, emailVerified: true });
    expect((await client.api.accounts.checkUserExists({ body: { email } })).body).toEqual({ exists: true });
  });

  it('compares emails case-insensitively after trimming', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const client = new TestClient(app.url);
    expect(
      (await client.api.accounts.checkUserExists({ body: { email: `  ${email.toUpperCase()} ` } })).body,
    ).toEqual({ exists: true });
    const again = await client.api.accounts.register({ body: registration(email.toUpperCase()) });
    expectStatus(again, 409);
    expect(again.body).toMatchObject({
      code: 'EMAIL_TAKEN',
      error: 'An account with this email already exists. Please sign in instead.',
    });
  });

  it('refuses to send a sign-up code for an address that already has a verified account', async () => {
    const { email } = await signUp(app);
    const sent = await new TestClient(app.url).api.accounts.sendVerification({ body: { email } });
    expectStatus(sent, 409);
    expect(sent.body.error).toBe('An account with this email already exists. Please sign in instead.');
  });

  it('sends the code in the language asked for', async () => {
    const email = uniqueEmail();
    await new TestClient(app.url).api.accounts.sendVerification({ body: { email, language: 'fr' } });
    const [mail] = await mailsTo(app.dataDir, email);
    expect(mail?.subject).toMatch(/^Votre code de vérification Scrivo : \d{6}$/);
    expect(mail?.html).toContain('Confirmez votre adresse e-mail');
  });

  it('rate-limits resends: a second code within 30 seconds is refused with 429 and how long to wait', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    expect((await client.api.accounts.sendVerification({ body: { email } })).status).toBe(200);
    const again = await client.api.accounts.resendVerification({ body: { email } });
    expectStatus(again, 429);
    expect(again.body).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Please wait \d+ seconds? before requesting another code\.$/),
    });
  });

  it('refuses a wrong code without saying how close it was, and needs a new code after 5 wrong tries', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    await client.api.accounts.sendVerification({ body: { email } });
    const code = await latestVerificationCode(app.dataDir, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const answer = await client.api.accounts.verifyEmailCode({ body: { email, code: wrong } });
      expectStatus(answer, 400);
      expect(answer.body).toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
        error: 'The verification code is incorrect. Please check it and try again.',
      });
    }
    const fifth = await client.api.accounts.verifyEmailCode({ body: { email, code: wrong } });
    expectStatus(fifth, 429);
    expect(fifth.body.error).toBe('Too many incorrect codes. Please request a new verification code.');
    const right = await client.api.accounts.verifyEmailCode({ body: { email, code } });
    expectStatus(right, 429);
    expect(right.body.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses a code for an address that was never sent one', async () => {
    const answer = await new TestClient(app.url).api.accounts.verifyEmailCode({
      body: {
        email: uniqueEmail(),
        code: '123456',
      },
    });
    expectStatus(answer, 400);
    expect(answer.body.error).toBe(
      'No verification code is pending for this email. Please request a new code.',
    );
  });

  it('accepts the same right code twice (a double-click) and registers once', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    await client.api.accounts.sendVerification({ body: { email } });
    const code = await latestVerificationCode(app.dataDir, email);
    expect((await client.api.accounts.verifyEmailCode({ body: { email, code } })).status).toBe(200);
    expect((await client.api.accounts.verifyEmailCode({ body: { email, code } })).status).toBe(200);
    const [a, b] = await Promise.all([
      client.api.accounts.register({ body: registration(email) }),
      client.api.accounts.register({ body: registration(email) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it('without a verified address creates the account unverified, emails a code and signs nobody in (202)', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    const answer = await client.api.accounts.register({ body: registration(email) });
    expectStatus(answer, 202);
    expect(answer.body.user).toMatchObject({ email, emailVerified: false });
    expect(answer.body.redirectTo).toBe(`/signin?email=${encodeURIComponent(email)}`);
    expect(answer.headers.getSetCookie().some((c) => c.startsWith('scrivo_session='))).toBe(false);
    expect((await mailsTo(app.dataDir, email, 'verification-code')).length).toBe(1);
    expect((await client.api.accounts.currentUser()).status).toBe(401);
  });
});
