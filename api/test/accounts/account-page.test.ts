import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, unchecked } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { bodyOf, expectStatus } from '../support/expect-status';

describe('/api/account and plans', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100' });
  });
  afterAll(async () => app?.close());

  it('needs a signed-in user', async () => {
    const client = new TestClient(app.url);
    expect((await client.api.accounts.getAccount()).status).toBe(401);
    expect((await client.api.accounts.updateAccount({ body: { firstName: 'Zed' } })).status).toBe(401);
    expect((await client.api.accounts.changePlan({ body: { plan: 'free' } })).status).toBe(401);
  });

  it('reads and updates the own profile', async () => {
    const { client, email } = await signedInClient(app);
    expect((await client.api.accounts.getAccount()).body).toMatchObject({
      email,
      plan: 'free',
      language: 'en',
    });
    const updated = await client.api.accounts.updateAccount({
      body: {
        firstName: '  Grace ',
        lastName: 'Hopper',
        language: 'es',
      },
    });
    expectStatus(updated, 200);
    expect(updated.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', language: 'es' });
    expect((await client.api.accounts.currentUser()).body).toMatchObject({
      firstName: 'Grace',
      language: 'es',
    });
  });

  it('refuses a one-letter name and unknown fields, changing nothing', async () => {
    const { client } = await signedInClient(app);
    const before = (await client.api.accounts.getAccount()).body;
    const short = await client.api.accounts.updateAccount({ body: { firstName: 'G' } });
    expectStatus(short, 400);
    expect(short.body.error).toContain('First name must be at least 2 characters');
    const extra = await client.api.accounts.updateAccount({
      body: unchecked({ firstName: 'Grace', plan: 'business_pro' }),
    });
    expect(extra.status).toBe(400);
    expect((await client.api.accounts.getAccount()).body).toEqual(before);
  });

  it('Free applies at once; a paid plan is refused plainly because payments are not configured', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    expect(bodyOf(await client.api.accounts.currentUser(), 200).plan).toBe('premium');
    const free = await client.api.accounts.changePlan({ body: { plan: 'free' } });
    expectStatus(free, 200);
    expect(free.body).toMatchObject({ user: { plan: 'free' }, checkoutUrl: null });
    const paid = await client.api.accounts.changePlan({ body: { plan: 'business_pro' } });
    expectStatus(paid, 501);
    expect(paid.body).toMatchObject({
      code: 'PAYMENTS_NOT_CONFIGURED',
      error:
        'Paid plans cannot be bought on this server: they are granted by its administrator. Please ask the administrator of this Scrivo server for one.',
    });
    expect(bodyOf(await client.api.accounts.currentUser(), 200).plan).toBe('free');
  });

  it('signedInClient goes through the real registration: the account has its events and can sign in', async () => {
    const { client, userId, email } = await signedInClient(app, { email: 'helper@example.com' });
    expect((await client.api.accounts.currentUser()).body).toMatchObject({
      id: userId,
      email,
      emailVerified: true,
    });
    const events = await app.scrivo.adapters.events.readStream(`user-${userId}`);
    // The verified sign-up started a session: that is the account's first sign-in.
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserEmailVerified', 'UserSignedIn']);
  });
});
