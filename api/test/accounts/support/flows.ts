import { TestClient } from '../../support/http-client';
import type { TestApp } from '../../support/test-app';
import { latestVerificationCode } from './outbox';

let counter = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

export const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  password: 'secret-pass',
  firstName: 'Ada',
  lastName: 'Lovelace',
  industry: 'Technology & Software',
  hearAboutUs: 'Other: a podcast',
  ...overrides,
});

/** The sign-up form's calls, in order: send a code, read it from the outbox, verify it, register. */
export const signUp = async (
  app: TestApp,
  email = uniqueEmail(),
  overrides: Record<string, unknown> = {},
) => {
  const client = new TestClient(app.url);
  const sent = await client.api.accounts.sendVerification({ body: { email } });
  if (sent.status !== 200) throw new Error(`send-verification: ${sent.status} ${sent.text}`);
  const code = await latestVerificationCode(app.dataDir, email);
  const verified = await client.api.accounts.verifyEmailCode({ body: { email, code } });
  if (verified.status !== 200) throw new Error(`verify-email-code: ${verified.status} ${verified.text}`);
  const registered = await client.api.accounts.register({ body: registration(email, overrides) });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  return { client, email, userId: (registered.body.user as { id: string }).id, password: 'secret-pass' };
};
