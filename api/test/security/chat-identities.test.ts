import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../chat/admin-session';
import { startVisitor } from '../chat/visitor';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectStatus } from '../support/expect-status';

const PARTNER_SECRET = 'a-partner-site-secret-0123456789';
const PARTNER_ORIGIN = 'https://partner.example';

const sign = (secret: string, userId: string, email?: string) =>
  createHmac('sha256', secret)
    .update(email ? `${userId}\n${email}` : userId)
    .digest('hex');

describe('chat identities belong to the site that signed them', () => {
  let app: TestApp;
  let admin: TestClient;
  let scrivoUser: { userId: string; email: string };
  let appSecret: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminClient(app)).client;
    // The app's secret is shown only when it is made or replaced: the test replaces it to learn it.
    const rotated = await admin.post('/api/admin/chat/sites/scrivo-app/secret');
    expectStatus(rotated, 200);
    appSecret = rotated.body.identitySecret as string;
    scrivoUser = await signedInClient(app, { plan: 'business_pro' });
    const site = await admin.post('/api/admin/chat/sites', {
      siteKey: 'partner-site',
      name: 'Partner',
      allowedOrigins: [PARTNER_ORIGIN],
      identitySecret: PARTNER_SECRET,
    });
    expectStatus(site, 201);
  }, 60_000);
  afterAll(() => app?.close());

  const adminView = async (sessionId: string) => {
    const detail = await admin.get(`/api/admin/chat/sessions/${sessionId}`);
    const list = await admin.get('/api/admin/chat/sessions?limit=100');
    const row = (
      list.body.sessions as { session: { sessionId: string }; userTier: unknown; userEmail: unknown }[]
    ).find((s) => s.session.sessionId === sessionId);
    return { userContext: detail.body.userContext, userTier: row?.userTier, userEmail: row?.userEmail };
  };

  it('shows a site’s identity secret only when it is made or replaced, and a replaced one stops working', async () => {
    const sites = await admin.get('/api/admin/chat/sites');
    expect(sites.status).toBe(200);
    expect(sites.text).not.toContain(PARTNER_SECRET);
    expect(sites.text).not.toContain(appSecret);
    const partner = (sites.body.sites as { siteKey: string; identitySecretEndsWith: string }[]).find(
      (site) => site.siteKey === 'partner-site',
    );
    expect(partner?.identitySecretEndsWith).toBe(PARTNER_SECRET.slice(-4));

    const old = appSecret;
    const rotated = await admin.post('/api/admin/chat/sites/scrivo-app/secret');
    expectStatus(rotated, 200);
    appSecret = rotated.body.identitySecret as string;
    expect(appSecret).not.toBe(old);
    const signedWithOld = await startVisitor(app.url, {
      identity: { userId: scrivoUser.userId, signature: sign(old, scrivoUser.userId) },
    });
    expect(signedWithOld.started.status).toBe(201);
    expect((await adminView(signedWithOld.sessionId)).userTier).toBeNull();
    expect((await admin.post('/api/admin/chat/sites/no-such-site/secret')).status).toBe(404);
  });

  it('never looks a partner site’s user up among Scrivo accounts, even with a Scrivo user’s id', async () => {
    const visitor = await startVisitor(app.url, {
      siteKey: 'partner-site',
      hostOrigin: PARTNER_ORIGIN,
      identity: {
        userId: scrivoUser.userId,
        email: 'visitor@partner.example',
        signature: sign(PARTNER_SECRET, scrivoUser.userId, 'visitor@partner.example'),
      },
    });
    expectStatus(visitor.started, 201);
    expect(visitor.started.body.session).toMatchObject({ identified: true });
    // The assistant is not told the Scrivo account's plan or minutes.
    const answer = await visitor.say('How many minutes have I used this month?');
    expect(JSON.stringify(answer.body)).not.toMatch(/Business Pro/i);
    expect(await adminView(visitor.sessionId)).toEqual({
      userContext: {
        accountInfo: { email: 'visitor@partner.example' },
        subscription: { tier: null, usage: 0 },
      },
      userTier: null,
      userEmail: 'visitor@partner.example',
    });
  });

  it('does the same when the partner identifies the visitor after the chat started', async () => {
    const visitor = await startVisitor(app.url, { siteKey: 'partner-site', hostOrigin: PARTNER_ORIGIN });
    await visitor.identify({
      userId: scrivoUser.userId,
      signature: sign(PARTNER_SECRET, scrivoUser.userId),
    });
    expect((await adminView(visitor.sessionId)).userContext).toEqual({
      accountInfo: { email: null },
      subscription: { tier: null, usage: 0 },
    });
  });

  it('maps the app’s own site to the Scrivo account (plan shown to staff)', async () => {
    const visitor = await startVisitor(app.url, {
      identity: {
        userId: scrivoUser.userId,
        email: scrivoUser.email,
        signature: sign(appSecret, scrivoUser.userId, scrivoUser.email),
      },
    });
    const view = await adminView(visitor.sessionId);
    expect(view, JSON.stringify(view)).toMatchObject({ userTier: 'business_pro' });
  });

  it('shows staff only what is signed: an email the signature does not cover is dropped', async () => {
    const visitor = await startVisitor(app.url, {
      siteKey: 'partner-site',
      hostOrigin: PARTNER_ORIGIN,
      identity: { userId: 'p-7', email: 'ceo@bank.example', signature: sign(PARTNER_SECRET, 'p-7') },
    });
    expectStatus(visitor.started, 201);
    expect(visitor.started.body.session).toMatchObject({ identified: true });
    const view = await adminView(visitor.sessionId);
    expect(view.userEmail).toBeNull();
    expect(JSON.stringify(view)).not.toContain('ceo@bank.example');
  });
});
