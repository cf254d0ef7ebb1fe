import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleSignInCommand } from '../../src/accounts/commands/sign-in.commands';
import { registration, uniqueEmail } from '../accounts/support/flows';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('account pre-hijacking: an unproven registration loses its password when the owner proves the address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '0' });
  }, 60_000);
  afterAll(() => app?.close());

  it('drops the squatter’s password once Google vouches for the address, and the owner signs in', async () => {
    const email = uniqueEmail('victim');
    // The attacker registers the victim's address without proving it (no code): the account waits unverified.
    const squatter = new TestClient(app.url);
    const registered = await squatter.post(
      '/api/register',
      registration(email, { password: 'squatter-pass' }),
    );
    expect(registered.status, registered.text).toBe(202);

    // Later the owner signs in with Google, which has verified the address.
    const { userId } = await app.scrivo.app.get(CommandBus).execute(
      new GoogleSignInCommand({
        subject: 'google-subject-of-the-owner',
        email,
        emailVerified: true,
        firstName: 'Real',
        lastName: 'Owner',
        language: 'en',
      }),
    );
    expect(userId).toBe((registered.body.user as { id: string }).id);

    // The squatter's password no longer opens the (now verified) account.
    const attempt = await new TestClient(app.url).post('/api/login', { email, password: 'squatter-pass' });
    expect(attempt.status).toBe(401);
    const events = await app.scrivo.adapters.events.readStream(`user-${userId}`);
    expect(events.map((e) => e.type)).toContain('UnverifiedPasswordRemoved');
  });
});
