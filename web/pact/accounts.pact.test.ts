import { join } from 'node:path';
import { MatchersV3, PactV4, Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestResetLink, latestVerificationCode } from '../../api/test/accounts/support/outbox';
import { registration } from '../../api/test/accounts/support/flows';
import { TestClient } from '../../api/test/support/http-client';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { adminApi, authApi } from '../src/lib/api/auth';
import { HttpError } from '../src/lib/http';

const { like, boolean, string, fromProviderState, regex } = MatchersV3;
const PACT_DIR = join(import.meta.dirname, '../../.tmp/pacts');
const CSRF = 'pactcsrftokenpactcsrftokenpactcsrf';
const ADMIN = { email: 'support@scrivo.test', password: 'admin-secret-1' };

const pact = new PactV4({ consumer: 'scrivo-web', provider: 'scrivo-api', dir: PACT_DIR, logLevel: 'warn' });

const json = { 'Content-Type': 'application/json' };
const user = (email: string) => ({
  id: string('6a0c7a61-2d2b-4d1e-9c1e-1f0a4d7a9b10'),
  email,
  firstName: string('Ada'),
  lastName: string('Lovelace'),
  plan: regex('^(free|premium|business_pro)$', 'free'),
  language: regex('^(en|es|fr)$', 'en'),
  emailVerified: boolean(true),
  industry: like('Technology & Software'),
  hearAboutUs: like('Other: a podcast'),
  hasPassword: boolean(true),
  googleLinked: boolean(false),
  createdAt: string('2026-01-01T00:00:00.000Z'),
});
const errorBody = (code: string, error: string) => ({ code, error: like(error), message: like(error) });

/**
 * Runs the web app's own account calls (lib/api/auth.ts) against the Pact mock server: relative URLs
 * go to the mock, and the CSRF cookie the browser would hold is there.
 */
const withMockServer = async <T>(url: string, run: () => Promise<T>): Promise<T> => {
  const realFetch = globalThis.fetch;
  const realDocument = (globalThis as { document?: unknown }).document;
  (globalThis as { document?: unknown }).document = { cookie: `scrivo_csrf=${CSRF}` };
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' ? `${url}${input}` : input, init);
  try {
    return await run();
  } finally {
    globalThis.fetch = realFetch;
    (globalThis as { document?: unknown }).document = realDocument;
  }
};
const failure = async (call: Promise<unknown>): Promise<HttpError> => {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('Pact: scrivo-web consumes the account calls of scrivo-api', () => {
  it('GET /api/user: the user, or 401 without a session', async () => {
    await pact
      .addInteraction()
      .given('a user is signed in', { email: 'ada@example.com' })
      .uponReceiving('a request for the current user')
      .withRequest('GET', '/api/user')
      .willRespondWith(200, (b) => b.headers(json).jsonBody(user('ada@example.com')))
      .executeTest(async (mock) => {
        const { fetchCurrentUser } = await import('../src/lib/api/current-user');
        expect(await withMockServer(mock.url, fetchCurrentUser)).toMatchObject({ email: 'ada@example.com' });
      });
    await pact
      .addInteraction()
      .given('no user is signed in')
      .uponReceiving('a request for the current user without a session')
      .withRequest('GET', '/api/user')
      .willRespondWith(401, (b) =>
        b.headers(json).jsonBody(errorBody('UNAUTHORIZED', 'Please sign in to continue.')),
      )
      .executeTest(async (mock) => {
        const { fetchCurrentUser } = await import('../src/lib/api/current-user');
        expect(await withMockServer(mock.url, fetchCurrentUser)).toBeNull();
      });
  });

  it('POST /api/login: the user; 401 with code and error; 403 EMAIL_NOT_VERIFIED', async () => {
    await pact
      .addInteraction()
      .given('a verified user exists', { email: 'ada@example.com', password: 'secret-pass' })
      .uponReceiving('a sign-in with the right password')
      .withRequest('POST', '/api/login', (b) =>
        b.headers(json).jsonBody({ email: 'ada@example.com', password: 'secret-pass' }),
      )
      .willRespondWith(200, (b) => b.headers(json).jsonBody(user('ada@example.com')))
      .executeTest(async (mock) => {
        expect(
          await withMockServer(mock.url, () => authApi.login('ada@example.com', 'secret-pass')),
        ).toMatchObject({
          email: 'ada@example.com',
        });
      });
    await pact
      .addInteraction()
      .given('a verified user exists', { email: 'ada@example.com', password: 'secret-pass' })
      .uponReceiving('a sign-in with a wrong password')
      .withRequest('POST', '/api/login', (b) =>
        b.headers(json).jsonBody({ email: 'ada@example.com', password: 'wrong' }),
      )
      .willRespondWith(401, (b) =>
        b
          .headers(json)
          .jsonBody({ code: 'INVALID_CREDENTIALS', error: 'Invalid email or password', message: like('x') }),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          withMockServer(mock.url, () => authApi.login('ada@example.com', 'wrong')),
        );
        expect([error.status, error.code, error.serverMessage]).toEqual([
          401,
          'INVALID_CREDENTIALS',
          'Invalid email or password',
        ]);
      });
    await pact
      .addInteraction()
      .given('an unverified user exists', { email: 'new@example.com', password: 'secret-pass' })
      .uponReceiving('a sign-in of an unverified account')
      .withRequest('POST', '/api/login', (b) =>
        b.headers(json).jsonBody({ email: 'new@example.com', password: 'secret-pass' }),
      )
      .willRespondWith(403, (b) =>
        b.headers(json).jsonBody(errorBody('EMAIL_NOT_VERIFIED', 'Please verify your email.')),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          withMockServer(mock.url, () => authApi.login('new@example.com', 'secret-pass')),
        );
        expect(error.code).toBe('EMAIL_NOT_VERIFIED');
      });
  });

  it('sign-up calls: check-user-exists, send-verification, resend, verify-email-code, register', async () => {
    await pact
      .addInteraction()
      .given('a verified user exists', { email: 'ada@example.com', password: 'secret-pass' })
      .uponReceiving('a check of an existing email')
      .withRequest('POST', '/api/check-user-exists', (b) =>
        b.headers(json).jsonBody({ email: 'ada@example.com' }),
      )
      .willRespondWith(200, (b) => b.headers(json).jsonBody({ exists: true }))
      .executeTest(async (mock) => {
        expect(await withMockServer(mock.url, () => authApi.checkUserExists('ada@example.com'))).toEqual({
          exists: true,
        });
      });
    await pact
      .addInteraction()
      .given('no account uses the email', { email: 'grace@example.com' })
      .uponReceiving('a request for a verification code')
      .withRequest('POST', '/api/send-verification', (b) =>
        b.headers(json).jsonBody({ email: 'grace@example.com' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(json).jsonBody({ success: true, message: like('Verification code sent') }),
      )
      .executeTest(async (mock) => {
        await withMockServer(mock.url, () => authApi.sendVerification('grace@example.com'));
      });
    await pact
      .addInteraction()
      .given('a verified user exists', { email: 'ada@example.com', password: 'secret-pass' })
      .uponReceiving('a request for a verification code for a registered email')
      .withRequest('POST', '/api/send-verification', (b) =>
        b.headers(json).jsonBody({ email: 'ada@example.com' }),
      )
      .willRespondWith(409, (b) =>
        b
          .headers(json)
          .jsonBody(
            errorBody('EMAIL_TAKEN', 'An account with this email already exists. Please sign in instead.'),
          ),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          withMockServer(mock.url, () => authApi.sendVerification('ada@example.com')),
        );
        expect(error.status).toBe(409);
      });
    await pact
      .addInteraction()
      .given('no account uses the email', { email: 'resend@example.com' })
      .uponReceiving('a request to resend a verification code')
      .withRequest('POST', '/api/send-verification-code', (b) =>
        b.headers(json).jsonBody({ email: 'resend@example.com' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(json).jsonBody({ success: true, message: like('New verification code sent') }),
      )
      .executeTest(async (mock) => {
        await withMockServer(mock.url, () => authApi.resendVerification('resend@example.com'));
      });
    await pact
      .addInteraction()
      .given('a verification code was sent', { email: 'code@example.com' })
      .uponReceiving('the right verification code')
      .withRequest('POST', '/api/verify-email-code', (b) =>
        b.headers(json).jsonBody({ email: 'code@example.com', code: fromProviderState('${code}', '123456') }),
      )
      .willRespondWith(200, (b) =>
        b.headers(json).jsonBody({ success: true, message: like('Email verified') }),
      )
      .executeTest(async (mock) => {
        await withMockServer(mock.url, () => authApi.verifyEmailCode('code@example.com', '123456'));
      });
    await pact
      .addInteraction()
      .given('a verification code was sent', { email: 'wrong-code@example.com' })
      .uponReceiving('a wrong verification code')
      .withRequest('POST', '/api/verify-email-code', (b) =>
        b.headers(json).jsonBody({ email: 'wrong-code@example.com', code: '000000' }),
      )
      .willRespondWith(400, (b) =>
        b
          .headers(json)
          .jsonBody(errorBody('INVALID_VERIFICATION_CODE', 'The verification code is incorrect.')),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          withMockServer(mock.url, () => authApi.verifyEmailCode('wrong-code@example.com', '000000')),
        );
        expect(error.message).toMatch(/^400: /);
      });
    const body = registration('verified@example.com');
    await pact
      .addInteraction()
      .given('the email was verified', { email: 'verified@example.com' })
      .uponReceiving('a registration after verification')
      .withRequest('POST', '/api/register', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.headers(json).jsonBody({ user: user('verified@example.com'), redirectTo: '/plan-selection' }),
      )
      .executeTest(async (mock) => {
        const answer = await withMockServer(mock.url, () =>
          authApi.register(body as Parameters<typeof authApi.register>[0]),
        );
        expect(answer.redirectTo).toBe('/plan-selection');
      });
  });

  it('POST /api/logout', async () => {
    await pact
      .addInteraction()
      .given('a user is signed in', { email: 'ada@example.com' })
      .uponReceiving('a sign-out')
      .withRequest('POST', '/api/logout')
      .willRespondWith(200, (b) => b.headers(json).jsonBody({ success: true, message: like('Signed out') }))
      .executeTest(async (mock) => {
        await withMockServer(mock.url, () => authApi.logout());
      });
  });

  it('password reset: request, validate, verify', async () => {
    await pact
      .addInteraction()
      .given('a verified user exists', { email: 'ada@example.com', password: 'secret-pass' })
      .uponReceiving('a password reset request')
      .withRequest('POST', '/api/password-reset/request', (b) =>
        b.headers(json).jsonBody({ email: 'ada@example.com' }),
      )
      .willRespondWith(200, (b) => b.headers(json).jsonBody({ message: like('If an account exists ...') }))
      .executeTest(async (mock) => {
        expect(
          (await withMockServer(mock.url, () => authApi.requestPasswordReset('ada@example.com'))).message,
        ).toBeTruthy();
      });
    await pact
      .addInteraction()
      .given('a password reset was requested', { email: 'reset@example.com' })
      .uponReceiving('a check of a valid reset token')
      .withRequest('POST', '/api/password-reset/validate', (b) =>
        b.headers(json).jsonBody({ token: fromProviderState('${token}', 'user-id.secret') }),
      )
      .willRespondWith(200, (b) => b.headers(json).jsonBody({ valid: true, email: 'reset@example.com' }))
      .executeTest(async (mock) => {
        await withMockServer(mock.url, () => authApi.validateResetToken('user-id.secret'));
      });
    await pact
      .addInteraction()
      .uponReceiving('a check of an invalid reset token')
      .withRequest('POST', '/api/password-reset/validate', (b) =>
        b.headers(json).jsonBody({ token: 'not-a-token' }),
      )
      .willRespondWith(400, (b) =>
        b.headers(json).jsonBody({
          code: 'INVALID_RESET_TOKEN',
          error: like('x'),
          message: 'This reset link is invalid or has expired',
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          withMockServer(mock.url, () => authApi.validateResetToken('not-a-token')),
        );
        expect(JSON.parse(error.body).message).toBe('This reset link is invalid or has expired');
      });
    await pact
      .addInteraction()
      .given('a password reset was requested', { email: 'reset2@example.com' })
      .uponReceiving('a new password with a valid reset token')
      .withRequest('POST', '/api/password-reset/verify', (b) =>
        b.headers(json).jsonBody({
          token: fromProviderState('${token}', 'user-id.secret'),
          newPassword: 'brand-new-pass',
        }),
      )
      .willRespondWith(200, (b) =>
        b.headers(json).jsonBody({ success: true, message: like('Your password has been updated.') }),
      )
      .executeTest(async (mock) => {
        await withMockServer(mock.url, () => authApi.resetPassword('user-id.secret', 'brand-new-pass'));
      });
  });

  it('admin: login, check-auth, logout', async () => {
    await pact
      .addInteraction()
      .given('an admin exists')
      .uponReceiving('an admin sign-in with the right password')
      .withRequest('POST', '/api/admin/login', (b) =>
        b.headers(json).jsonBody({ username: ADMIN.email, password: ADMIN.password }),
      )
      .willRespondWith(200, (b) => b.headers(json).jsonBody({ success: true }))
      .executeTest(async (mock) => {
        expect(
          (await withMockServer(mock.url, () => adminApi.login(ADMIN.email, ADMIN.password))).success,
        ).toBe(true);
      });
    await pact
      .addInteraction()
      .given('an admin exists')
      .uponReceiving('an admin sign-in with a wrong password')
      .withRequest('POST', '/api/admin/login', (b) =>
        b.headers(json).jsonBody({ username: ADMIN.email, password: 'wrong' }),
      )
      .willRespondWith(401, (b) => b.headers(json).jsonBody({ success: false, error: 'Invalid credentials' }))
      .executeTest(async (mock) => {
        const error = await failure(withMockServer(mock.url, () => adminApi.login(ADMIN.email, 'wrong')));
        expect(error.serverMessage).toBe('Invalid credentials');
      });
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('an admin session check')
      .withRequest('GET', '/api/admin/check-auth')
      .willRespondWith(200, (b) => b.headers(json).jsonBody({ isAuthenticated: true }))
      .executeTest(async (mock) => {
        expect((await withMockServer(mock.url, () => adminApi.checkAuth())).isAuthenticated).toBe(true);
      });
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('an admin sign-out')
      .withRequest('POST', '/api/admin/logout')
      .willRespondWith(200, (b) => b.headers(json).jsonBody({ success: true }))
      .executeTest(async (mock) => {
        await withMockServer(mock.url, () => adminApi.logout());
      });
  });
});

describe('Pact: scrivo-api honours the pact (verified against the real API)', () => {
  let app: TestApp;
  // Cookies the next request carries (CSRF always; a session when a state signed someone in).
  let cookies: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
      SCRIVO_ADMIN_EMAIL: ADMIN.email,
      SCRIVO_ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(async () => app?.close());

  const client = () => new TestClient(app.url);
  const ensureVerifiedUser = async (email: string, password = 'secret-pass') => {
    const c = client();
    if ((await c.post('/api/check-user-exists', { email })).body.exists) return;
    await c.post('/api/send-verification', { email });
    await c.post('/api/verify-email-code', { email, code: await latestVerificationCode(app.dataDir, email) });
    await c.post('/api/register', registration(email, { password }));
  };
  const param = (params: unknown, key: string) => String((params as Record<string, unknown>)[key]);

  it('every interaction', async () => {
    await new Verifier({
      provider: 'scrivo-api',
      providerBaseUrl: app.url,
      pactUrls: [join(PACT_DIR, 'scrivo-web-scrivo-api.json')],
      logLevel: 'warn',
      beforeEach: async () => {
        cookies = {};
      },
      requestFilter: (req, _res, next) => {
        const all = { scrivo_csrf: CSRF, ...cookies };
        req.headers.cookie = Object.entries(all)
          .map(([k, v]) => `${k}=${v}`)
          .join('; ');
        req.headers['x-csrf-token'] = CSRF;
        next();
      },
      stateHandlers: {
        'no user is signed in': async () => undefined,
        'a verified user exists': async (params: unknown) => {
          await ensureVerifiedUser(param(params, 'email'), param(params, 'password'));
          return undefined;
        },
        'a user is signed in': async (params: unknown) => {
          const email = param(params, 'email');
          await ensureVerifiedUser(email);
          const c = client();
          await c.post('/api/login', { email, password: 'secret-pass' });
          cookies = { scrivo_session: c.cookie('scrivo_session')! };
          return undefined;
        },
        'an unverified user exists': async (params: unknown) => {
          await client().post(
            '/api/register',
            registration(param(params, 'email'), { password: param(params, 'password') }),
          );
          return undefined;
        },
        'no account uses the email': async () => undefined,
        'a verification code was sent': async (params: unknown) => {
          const email = param(params, 'email');
          await client().post('/api/send-verification', { email });
          return { code: await latestVerificationCode(app.dataDir, email) };
        },
        'the email was verified': async (params: unknown) => {
          const email = param(params, 'email');
          const c = client();
          await c.post('/api/send-verification', { email });
          await c.post('/api/verify-email-code', {
            email,
            code: await latestVerificationCode(app.dataDir, email),
          });
          return undefined;
        },
        'a password reset was requested': async (params: unknown) => {
          const email = param(params, 'email');
          await ensureVerifiedUser(email);
          await client().post('/api/password-reset/request', { email });
          return { token: new URL(await latestResetLink(app.dataDir, email)).searchParams.get('token')! };
        },
        'an admin exists': async () => undefined,
        'an admin is signed in': async () => {
          const c = client();
          await c.post('/api/admin/login', { username: ADMIN.email, password: ADMIN.password });
          cookies = { scrivo_admin_session: c.cookie('scrivo_admin_session')! };
          return undefined;
        },
      },
    }).verifyProvider();
  });
});
