import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { latestResetLink, mailsTo } from './support/outbox';
import { registration, signUp, uniqueEmail } from './support/flows';
import { expectStatus } from '../support/expect-status';

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
      SCRIVO_PUBLIC_URL: 'http://scrivo.test:8080',
    });
  });
  afterAll(async () => app?.close());

  it('emails a single-use link that validates, sets the new password and signs the account out everywhere', async () => {
    const { email, client: oldDevice } = await signUp(app);
    const client = new TestClient(app.url);
    const requested = await client.api.accounts.requestPasswordReset({ body: { email } });
    expectStatus(requested, 200);
    expect(requested.body.message).toBe(
      `If an account exists for ${email}, we have sent it a link to reset the password. The link is valid for 1 hour.`,
    );
    const link = await latestResetLink(app.dataDir, email);
    expect(link.startsWith('http://scrivo.test:8080/reset-password?token=')).toBe(true);
    const token = tokenOf(link);
    expect(token.split('.')[1]!.length).toBeGreaterThanOrEqual(43);

    expect((await client.api.accounts.validatePasswordReset({ body: { token } })).body).toEqual({
      valid: true,
      email,
    });
    const reset = await client.api.accounts.verifyPasswordReset({
      body: { token, newPassword: 'brand-new-pass' },
    });
    expectStatus(reset, 200);
    expect(reset.body).toEqual({
      success: true,
      message: 'Your password has been updated. You can now sign in.',
    });

    expect((await oldDevice.api.accounts.currentUser()).status).toBe(401);
    expect((await client.api.accounts.login({ body: { email, password: 'secret-pass' } })).status).toBe(401);
    expect((await client.api.accounts.login({ body: { email, password: 'brand-new-pass' } })).status).toBe(
      200,
    );

    const reused = await client.api.accounts.verifyPasswordReset({
      body: { token, newPassword: 'another-pass' },
    });
    expectStatus(reused, 400);
    expect(reused.body).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'This reset link has already been used',
    });
    const revalidated = await client.api.accounts.validatePasswordReset({ body: { token } });
    expectStatus(revalidated, 400);
    expect(revalidated.body.message).toBe('This reset link has already been used');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail();
    const answer = await new TestClient(app.url).api.accounts.requestPasswordReset({ body: { email } });
    expectStatus(answer, 200);
    expect(answer.body.message).toContain(`If an account exists for ${email}`);
    expect(await mailsTo(app.dataDir, email)).toEqual([]);
  });

  it('only the newest link works', async () => {
    const { email } = await signUp(app);
    const client = new TestClient(app.url);
    await client.api.accounts.requestPasswordReset({ body: { email } });
    const first = tokenOf(await latestResetLink(app.dataDir, email));
    await client.api.accounts.requestPasswordReset({ body: { email } });
    const second = tokenOf(await latestResetLink(app.dataDir, email));
    expect(second).not.toBe(first);
    const old = await client.api.accounts.validatePasswordReset({ body: { token: first } });
    expectStatus(old, 400);
    expect(old.body.message).toBe('This reset link is invalid or has expired');
    expect((await client.api.accounts.validatePasswordReset({ body: { token: second } })).status).toBe(200);
  });

  it('refuses made-up and malformed tokens with the invalid-link message', async () => {
    const client = new TestClient(app.url);
    for (const token of ['nonsense', `00000000-0000-4000-8000-000000000000.${'a'.repeat(43)}`]) {
      const answer = await client.api.accounts.validatePasswordReset({ body: { token } });
      expectStatus(answer, 400);
      expect(answer.body).toMatchObject({ message: 'This reset link is invalid or has expired' });
      const verify = await client.api.accounts.verifyPasswordReset({
        body: { token, newPassword: 'whatever-1' },
      });
      expectStatus(verify, 400);
      expect(verify.body.error).toBe('This reset link is invalid or has expired');
    }
  });

  it('refuses a new password under 6 characters and keeps the link usable', async () => {
    const { email } = await signUp(app);
    const client = new TestClient(app.url);
    await client.api.accounts.requestPasswordReset({ body: { email } });
    const token = tokenOf(await latestResetLink(app.dataDir, email));
    const short = await client.api.accounts.verifyPasswordReset({ body: { token, newPassword: '12345' } });
    expectStatus(short, 400);
    expect(short.body.error).toContain('Password must be at least 6 characters');
    expect((await client.api.accounts.validatePasswordReset({ body: { token } })).status).toBe(200);
  });

  it('resetting the password of an unverified account also verifies its email', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail();
    await client.api.accounts.register({ body: registration(email) });
    await client.api.accounts.requestPasswordReset({ body: { email } });
    const token = tokenOf(await latestResetLink(app.dataDir, email));
    await client.api.accounts.verifyPasswordReset({ body: { token, newPassword: 'fresh-pass' } });
    const signedIn = await client.api.accounts.login({ body: { email, password: 'fresh-pass' } });
    expectStatus(signedIn, 200);
    expect(signedIn.body.emailVerified).toBe(true);
  });
});
