import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';

describe('/api/account and plans', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100' });
  });
  afterAll(async () => app?.close());

  it('needs a signed-in user', async () => {
    const client = new TestClient(app.url);
    expect((await client.get('/api/account')).status).toBe(401);
    expect((await client.patch('/api/account', { firstName: 'Zed' })).status).toBe(401);
    expect((await client.post('/api/account/plan', { plan: 'free' })).status).toBe(401);
  });

  it('reads and updates the own profile', async () => {
    const { client, email } = await signedInClient(app);
    expect((await client.get('/api/account')).body).toMatchObject({ email, plan: 'free', language: 'en' });
    const updated = await client.patch('/api/account', {
      firstName: '  Grace ',
      lastName: 'Hopper',
      language: 'es',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', language: 'es' });
    expect((await client.get('/api/user')).body).toMatchObject({ firstName: 'Grace', language: 'es' });
  });

  it('refuses a one-letter name and unknown fields, changing nothing', async () => {
    const { client } = await signedInClient(app);
    const before = (await client.get('/api/account')).body;
    const short = await client.patch('/api/account', { firstName: 'G' });
    expect(short.status).toBe(400);
    expect(short.body.error).toContain('First name must be at least 2 characters');
    const extra = await client.patch('/api/account', { firstName: 'Grace', plan: 'business_pro' });
    expect(extra.status).toBe(400);
    expect((await client.get('/api/account')).body).toEqual(before);
  });

  it('Free applies at once; a paid plan is refused plainly because payments are not configured', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    expect((await client.get('/api/user')).body.plan).toBe('premium');
    const free = await client.post('/api/account/plan', { plan: 'free' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ user: { plan: 'free' }, checkoutUrl: null });
    const paid = await client.post('/api/account/plan', { plan: 'business_pro' });
    expect(paid.status).toBe(501);
    expect(paid.body).toMatchObject({
      code: 'PAYMENTS_NOT_CONFIGURED',
      error:
        'Paid plans cannot be bought on this server: they are granted by its administrator. Please ask the administrator of this Scrivo server for one.',
    });
    expect((await client.get('/api/user')).body.plan).toBe('free');
  });

  it('signedInClient goes through the real registration: the account has its events and can sign in', async () => {
    const { client, userId, email } = await signedInClient(app, { email: 'helper@example.com' });
    expect((await client.get('/api/user')).body).toMatchObject({ id: userId, email, emailVerified: true });
    const events = await app.scrivo.adapters.events.readStream(`user-${userId}`);
    // The verified sign-up started a session: that is the account's first sign-in.
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserEmailVerified', 'UserSignedIn']);
  });
});
