import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, unchecked } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { registration, signUp, uniqueEmail } from './support/flows';
import { expectStatus } from '../support/expect-status';

describe('bad input on the account calls', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100' });
    client = new TestClient(app.url);
  });
  afterAll(async () => app?.close());

  const calls = [
    '/api/login',
    '/api/check-user-exists',
    '/api/send-verification',
    '/api/send-verification-code',
    '/api/verify-email-code',
    '/api/register',
    '/api/password-reset/request',
    '/api/password-reset/validate',
    '/api/password-reset/verify',
    '/api/admin/login',
  ];

  // Nest's body parser turns bad JSON into a plain 400 before the common error filter can name it MALFORMED_JSON.
  it.each(calls)('%s answers malformed JSON with 400 and the error shape', async (path) => {
    const answer = await client.post(path, '{"email": ', { 'content-type': 'application/json' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  // Found by the fuzzer: the outbox named the .eml file after the whole address, too long for the file system (502).
  it('sends a verification code to the longest valid address (244 characters and more)', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(46)}.test`;
    expect(email.length).toBe(244);
    const answer = await client.api.accounts.resendVerification({ body: { email } });
    expectStatus(answer, 200);
  });

  it.each(calls)('%s answers a missing body with 400 VALIDATION_FAILED', async (path) => {
    const answer = await client.post(path, {});
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
  });

  it('names the wrong fields: invalid email, short password, extra fields, over-long strings', async () => {
    const invalid = await client.api.accounts.checkUserExists({ body: { email: 'not an email' } });
    expectStatus(invalid, 400);
    expect(invalid.body.error).toBe('email: Please enter a valid email address');

    const short = await client.api.accounts.register({
      body: registration(uniqueEmail(), { password: '12345' }),
    });
    expectStatus(short, 400);
    expect(short.body.error).toBe('password: Password must be at least 6 characters');

    const extra = await client.api.accounts.login({
      body: unchecked({ email: 'a@b.co', password: 'secret', isAdmin: true }),
    });
    expectStatus(extra, 400);
    expect(extra.body.error).toContain('Unrecognized key');

    const long = await client.api.accounts.register({
      body: registration(uniqueEmail(), { firstName: 'A'.repeat(101) }),
    });
    expectStatus(long, 400);
    expect(long.body.error).toBe('firstName: First name must be at most 100 characters');
    const longEmail = await client.api.accounts.checkUserExists({
      body: { email: `${'a'.repeat(250)}@b.co` },
    });
    expectStatus(longEmail, 400);
  });

  it('gives the spec texts for empty registration fields', async () => {
    const answer = await client.api.accounts.register({
      body: {
        email: '',
        password: 'secret-pass',
        firstName: '  ',
        lastName: '',
        industry: '',
      },
    });
    expectStatus(answer, 400);
    expect(answer.body.error).toContain('email: Email is required');
    expect(answer.body.error).toContain('firstName: First name is required');
    expect(answer.body.error).toContain('lastName: Last name is required');
    expect(answer.body.error).toContain('industry: Please select your industry');
  });

  it('refuses a code that is not 6 digits', async () => {
    const answer = await client.api.accounts.verifyEmailCode({
      body: { email: uniqueEmail(), code: '12ab' },
    });
    expectStatus(answer, 400);
    expect(answer.body.error).toBe('code: The verification code is 6 digits');
  });

  it('a refused registration loses nothing: the existing account still signs in with its password', async () => {
    const { email } = await signUp(app);
    await client.api.accounts.register({
      body: registration(email, { password: 'other-pass', firstName: 'Mallory' }),
    });
    const signedIn = await new TestClient(app.url).api.accounts.login({
      body: { email, password: 'secret-pass' },
    });
    expectStatus(signedIn, 200);
    expect(signedIn.body.firstName).toBe('Ada');
  });
});
