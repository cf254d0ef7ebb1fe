import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectStatus } from '../support/expect-status';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface ListedSession {
  id: string;
  device: string;
  current: boolean;
  lastUsedAt: string;
}

describe('/account security: password and sessions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '100' });
  });
  afterAll(async () => app?.close());

  /** A browser signing in through the real form, with its own User-Agent. */
  const signIn = async (email: string, password: string, userAgent: string) => {
    const browser = new TestClient(app.url);
    const answer = await browser.api.accounts.login({
      body: { email, password },
      extraHeaders: { 'user-agent': userAgent },
    });
    return { browser, status: answer.status };
  };
  const sessionsOf = async (client: TestClient) => {
    const answer = await client.api.privacy.listSessions();
    expectStatus(answer, 200);
    return answer.body.sessions as ListedSession[];
  };

  it('needs a signed-in user', async () => {
    const anonymous = new TestClient(app.url);
    expect((await anonymous.api.privacy.listSessions()).status).toBe(401);
    expect(
      (await anonymous.api.privacy.changePassword({ body: { currentPassword: 'x', newPassword: 'abcdef' } }))
        .status,
    ).toBe(401);
    expect((await anonymous.api.privacy.revokeOtherSessions()).status).toBe(401);
  });

  it('lists the sessions with their device and last use, the current one marked', async () => {
    const { email } = await signedInClient(app);
    const laptop = await signIn(email, 'test-password', FIREFOX);
    const phone = await signIn(email, 'test-password', SAFARI_IPHONE);
    expect([laptop.status, phone.status]).toEqual([200, 200]);
    const seen = await sessionsOf(laptop.browser);
    // The helper's own session (no User-Agent) plus the two browsers.
    expect(seen).toHaveLength(3);
    expect(seen.filter((s) => s.current).map((s) => s.device)).toEqual(['Firefox on Linux']);
    expect(seen.map((s) => s.device).sort()).toEqual(['Firefox on Linux', 'Safari on iOS', 'Unknown device']);
    for (const s of seen) expect(Number.isNaN(Date.parse(s.lastUsedAt))).toBe(false);
  });

  it('revokes one session: that browser is signed out at once, the others stay', async () => {
    const { email } = await signedInClient(app);
    const laptop = await signIn(email, 'test-password', FIREFOX);
    const phone = await signIn(email, 'test-password', SAFARI_IPHONE);
    const phoneSession = (await sessionsOf(laptop.browser)).find((s) => s.device === 'Safari on iOS')!;
    const revoked = await laptop.browser.api.privacy.revokeSession({ params: { id: phoneSession.id } });
    expectStatus(revoked, 200);
    expect(revoked.body).toEqual({ revoked: 1 });
    expect((await phone.browser.api.accounts.currentUser()).status).toBe(401);
    expect((await laptop.browser.api.accounts.currentUser()).status).toBe(200);
    expect((await laptop.browser.api.privacy.revokeSession({ params: { id: phoneSession.id } })).status).toBe(
      404,
    );
  });

  it("cannot end another user's session: it answers as one that does not exist", async () => {
    const victim = await signedInClient(app);
    const victimSession = (await sessionsOf(victim.client))[0]!;
    const { client: other } = await signedInClient(app);
    const attempt = await other.api.privacy.revokeSession({ params: { id: victimSession.id } });
    expectStatus(attempt, 404);
    expect((await victim.client.api.accounts.currentUser()).status).toBe(200);
  });

  it('revokes every other session, keeping this one', async () => {
    const { client, email } = await signedInClient(app);
    const laptop = await signIn(email, 'test-password', FIREFOX);
    const phone = await signIn(email, 'test-password', SAFARI_IPHONE);
    const answer = await laptop.browser.api.privacy.revokeOtherSessions();
    expect(answer.body).toEqual({ revoked: 2 });
    expect((await client.api.accounts.currentUser()).status).toBe(401);
    expect((await phone.browser.api.accounts.currentUser()).status).toBe(401);
    expect((await sessionsOf(laptop.browser)).map((s) => s.current)).toEqual([true]);
  });

  it('changes the password only with the current one; every other session ends, this one stays', async () => {
    const { client, email } = await signedInClient(app);
    const laptop = await signIn(email, 'test-password', FIREFOX);

    const wrong = await laptop.browser.api.privacy.changePassword({
      body: {
        currentPassword: 'not-my-password',
        newPassword: 'brand-new-secret',
      },
    });
    expectStatus(wrong, 403);
    expect(wrong.body).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD' });
    expect((await client.api.accounts.currentUser()).status).toBe(200);

    const short = await laptop.browser.api.privacy.changePassword({
      body: {
        currentPassword: 'test-password',
        newPassword: 'abc',
      },
    });
    expectStatus(short, 400);

    const changed = await laptop.browser.api.privacy.changePassword({
      body: {
        currentPassword: 'test-password',
        newPassword: 'brand-new-secret',
      },
    });
    expectStatus(changed, 200);
    expect(changed.body).toEqual({ success: true, signedOutSessions: 1 });
    expect((await client.api.accounts.currentUser()).status).toBe(401);
    expect((await laptop.browser.api.accounts.currentUser()).status).toBe(200);
    expect((await signIn(email, 'test-password', FIREFOX)).status).toBe(401);
    expect((await signIn(email, 'brand-new-secret', FIREFOX)).status).toBe(200);
  });

  it('slows down guessing of the current password', async () => {
    const slow = await startTestApp({ SCRIVO_AUTH_RATE_LIMIT_SCALE: '1' });
    try {
      const { client } = await signedInClient(slow);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (
            await client.api.privacy.changePassword({
              body: {
                currentPassword: `guess-${i}`,
                newPassword: 'abcdefg',
              },
            })
          ).status,
        );
      expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await slow.close();
    }
  });
});
