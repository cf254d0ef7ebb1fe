import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { signUp, uniqueEmail } from '../accounts/support/flows';
import { latestResetLink } from '../accounts/support/outbox';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { ADMIN_ENV, adminClient } from './support';
import { bodyOf, expectStatus } from '../support/expect-status';

describe('SCRIVO_SIGNUPS=invite with SCRIVO_DEFAULT_PLAN=business_pro', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      ...ADMIN_ENV,
      SCRIVO_SIGNUPS: 'invite',
      SCRIVO_DEFAULT_PLAN: 'business_pro',
      SCRIVO_SUPPORT_EMAIL: 'help@scrivo.test',
    });
  });
  afterAll(async () => app?.close());

  it('tells the pages the sign-up policy and whom to ask for a paid plan', async () => {
    const answer = await new TestClient(app.url).api.accounts.authProviders();
    expect(answer.body).toEqual({
      google: false,
      signups: 'invite',
      payments: false,
      supportEmail: 'help@scrivo.test',
    });
  });

  it('refuses an address nobody invited at the first step and at registration, with a clear 403', async () => {
    const client = new TestClient(app.url);
    const email = uniqueEmail('stranger');
    const sent = await client.api.accounts.sendVerification({ body: { email } });
    expectStatus(sent, 403);
    expect(sent.body).toMatchObject({ code: 'SIGNUP_NOT_INVITED' });
    expect(sent.body.message).toContain('invitation');
    const registered = await client.api.accounts.register({
      body: {
        email,
        password: 'secret-pass',
        firstName: 'Sam',
        lastName: 'Stranger',
        industry: 'Technology & Software',
      },
    });
    expectStatus(registered, 403);
    expect(registered.body).toMatchObject({ code: 'SIGNUP_NOT_INVITED' });
  });

  it('lets an invited address sign up through the normal verified flow, on the default plan', async () => {
    const admin = await adminClient(app);
    const email = uniqueEmail('invited');
    const invited = await admin.api.adminUsers.invite({ body: { email: email.toUpperCase() } });
    expectStatus(invited, 200);
    expect(invited.body).toEqual({ email, invited: true });
    const { client } = await signUp(app, email);
    expect((await client.api.accounts.currentUser()).body).toMatchObject({ email, plan: 'business_pro' });
    expect((await client.api.recordings.usage()).body).toMatchObject({
      plan: 'business_pro',
      minutesAllowed: null,
    });
    // Nothing can be bought here: the answer says who grants paid plans, with the support address.
    const paid = await client.api.accounts.changePlan({ body: { plan: 'premium' } });
    expectStatus(paid, 501);
    expect(paid.body.error).toBe(
      'Paid plans cannot be bought on this server: they are granted by its administrator. Please write to help@scrivo.test to ask for one.',
    );
  });
});

describe('the invitations an admin made: list and revoke', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ...ADMIN_ENV, SCRIVO_SIGNUPS: 'invite' });
  });
  afterAll(async () => app?.close());

  it('lists open invitations newest first (who, when, signed up yet), only to admins', async () => {
    const admin = await adminClient(app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await admin.api.adminUsers.invite({ body: { email: first } });
    await admin.api.adminUsers.invite({ body: { email: second } });
    await signUp(app, first);
    const answer = await admin.api.adminUsers.listInvitations();
    expectStatus(answer, 200);
    expect(answer.body.invitations).toEqual([
      {
        email: second,
        invitedBy: ADMIN_ENV.SCRIVO_ADMIN_EMAIL,
        invitedAt: expect.any(String),
        signedUp: false,
      },
      {
        email: first,
        invitedBy: ADMIN_ENV.SCRIVO_ADMIN_EMAIL,
        invitedAt: expect.any(String),
        signedUp: true,
      },
    ]);
    expect((await new TestClient(app.url).api.adminUsers.listInvitations()).status).toBe(401);
    // A signed-in user (invited, like every user here) is not an admin.
    const userEmail = uniqueEmail('invited-user');
    await admin.api.adminUsers.invite({ body: { email: userEmail } });
    const { client: user } = await signUp(app, userEmail);
    expect((await user.api.adminUsers.listInvitations()).status).toBe(403);
    expect((await user.api.adminUsers.revokeInvitation({ body: { email: second } })).status).toBe(403);
  });

  it('revokes an invitation: the address can no longer sign up, and is off the list', async () => {
    const admin = await adminClient(app);
    const email = uniqueEmail('revoked');
    await admin.api.adminUsers.invite({ body: { email } });
    const revoked = await admin.api.adminUsers.revokeInvitation({ body: { email: email.toUpperCase() } });
    expectStatus(revoked, 200);
    expect(revoked.body).toEqual({ email, invited: false });
    const list = bodyOf(await admin.api.adminUsers.listInvitations(), 200).invitations as { email: string }[];
    expect(list.map((i) => i.email)).not.toContain(email);
    const sent = await new TestClient(app.url).api.accounts.sendVerification({ body: { email } });
    expectStatus(sent, 403);
    expect(sent.body).toMatchObject({ code: 'SIGNUP_NOT_INVITED' });
    const invalid = await admin.api.adminUsers.revokeInvitation({ body: { email: 'not an address' } });
    expectStatus(invalid, 400);
  });
});

describe('SCRIVO_SIGNUPS=closed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ...ADMIN_ENV, SCRIVO_SIGNUPS: 'closed' });
  });
  afterAll(async () => app?.close());

  it('refuses every sign-up with a 403 that says only administrators create accounts', async () => {
    const client = new TestClient(app.url);
    const sent = await client.api.accounts.sendVerification({ body: { email: uniqueEmail() } });
    expectStatus(sent, 403);
    expect(sent.body).toMatchObject({ code: 'SIGNUPS_CLOSED' });
    expect(sent.body.message).toContain('administrators create accounts');
    expect((await client.api.accounts.authProviders()).body).toMatchObject({ signups: 'closed' });
  });

  it('an admin creates the account; its owner sets a password through the emailed link and signs in', async () => {
    const admin = await adminClient(app);
    const email = uniqueEmail('created');
    const created = await admin.api.adminUsers.createUser({
      body: { email, firstName: 'Cleo', lastName: 'Created' },
    });
    expectStatus(created, 201);
    expect(
      (await admin.api.adminUsers.createUser({ body: { email, firstName: 'C', lastName: 'C' } })).status,
    ).toBe(409);
    const link = await latestResetLink(app.dataDir, email);
    const token = new URL(link).searchParams.get('token')!;
    const person = new TestClient(app.url);
    const reset = await person.api.accounts.verifyPasswordReset({
      body: { token, newPassword: 'brand-new-pass' },
    });
    expectStatus(reset, 200);
    const signedIn = await person.api.accounts.login({ body: { email, password: 'brand-new-pass' } });
    expectStatus(signedIn, 200);
    expect((await person.api.accounts.currentUser()).body).toMatchObject({
      email,
      plan: 'free',
      emailVerified: true,
    });
  });
});

describe('the settings are validated at start-up', () => {
  it('names the setting and the allowed values', () => {
    expect(() => loadConfig({ SCRIVO_SIGNUPS: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ SCRIVO_SIGNUPS: 'sometimes' })).toThrow(
      /SCRIVO_SIGNUPS: must be one of open, invite, closed/,
    );
    expect(() => loadConfig({ SCRIVO_DEFAULT_PLAN: 'gold' })).toThrow(
      /SCRIVO_DEFAULT_PLAN: must be one of free, premium, business_pro/,
    );
    expect(() => loadConfig({ SCRIVO_SUPPORT_EMAIL: 'nobody' })).toThrow(
      /SCRIVO_SUPPORT_EMAIL: must be an email/,
    );
    expect(loadConfig({})).toMatchObject({ SCRIVO_SIGNUPS: 'open', SCRIVO_DEFAULT_PLAN: 'free' });
  });
});
