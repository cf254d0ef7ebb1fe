import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { signUp } from '../../api/test/accounts/support/flows';
import { launchBrowser } from './support/browser';

/** People the local issuer knows: the login typed on its page is the subject. */
const people: Record<string, { email: string; given_name: string; family_name: string; locale: string }> = {
  'grace-1': {
    email: 'grace.google@example.com',
    given_name: 'Grace',
    family_name: 'Hopper',
    locale: 'fr-FR',
  },
};

describe('Google sign-in against a local OpenID issuer (oidc-provider on 127.0.0.1)', () => {
  let app: TestApp;
  let browser: Browser;
  let issuerServer: Server;
  let issuer: string;

  beforeAll(async () => {
    issuerServer = createServer();
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
    app = await startTestApp({
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
      GOOGLE_CLIENT_ID: 'scrivo-test',
      GOOGLE_CLIENT_SECRET: 'scrivo-test-secret',
      GOOGLE_AUTH_URL: `${issuer}/auth`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'scrivo-test',
          client_secret: 'scrivo-test-secret',
          redirect_uris: [`${app.url}/api/auth/google/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      routes: { userinfo: '/userinfo' },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'locale'],
      },
      findAccount: async (_ctx, sub) => ({
        accountId: sub,
        claims: async () => {
          const person = people[sub] ?? {
            email: `${sub}@example.com`,
            given_name: '',
            family_name: '',
            locale: 'en',
          };
          return { sub, ...person, email_verified: !sub.startsWith('unverified') };
        },
      }),
    });
    issuerServer.on('request', provider.callback());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await new Promise((resolve) => issuerServer?.close(resolve));
  });

  /** The issuer's development login and consent pages, as a person would use them. */
  const signInAtIssuer = async (page: Page, login: string) => {
    await page.locator('input[name="login"]').waitFor();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  };

  it('creates the account on first use (email verified by Google) and goes to /plan-selection, then /dashboard', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/signin`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await signInAtIssuer(page, 'grace-1');
    await page.waitForURL(`${app.url}/plan-selection`);
    const me = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
    expect(me).toMatchObject({
      email: 'grace.google@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      language: 'fr',
      emailVerified: true,
      googleLinked: true,
      hasPassword: false,
    });

    // Signed out, the same Google account signs in to the existing account.
    await page.evaluate(() =>
      fetch('/api/logout', {
        method: 'POST',
        headers: { 'x-csrf-token': document.cookie.match(/scrivo_csrf=([^;]+)/)?.[1] ?? '' },
      }),
    );
    await page.goto(`${app.url}/api/auth/google`);
    await page.waitForURL(/127\.0\.0\.1:\d+\/(interaction|dashboard)/);
    if (!page.url().startsWith(app.url)) await signInAtIssuer(page, 'grace-1');
    await page.waitForURL(`${app.url}/dashboard`);
    await context.close();
  });

  it('links Google to an account that signed up with a password', async () => {
    const { email } = await signUp(app);
    people['ada-1'] = { email, given_name: 'Ada', family_name: 'Lovelace', locale: 'en' };
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/api/auth/google`);
    await signInAtIssuer(page, 'ada-1');
    await page.waitForURL(`${app.url}/dashboard`);
    const me = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
    expect(me).toMatchObject({ email, googleLinked: true, hasPassword: true });
    await context.close();
  });

  /** A whole sign-in at the issuer, as a browser makes it, with the callback address it was sent to. */
  const signInThroughIssuer = async (login: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let callback = '';
    page.on('request', (request) => {
      if (request.url().startsWith(`${app.url}/api/auth/google/callback`)) callback = request.url();
    });
    await page.goto(`${app.url}/api/auth/google`);
    await signInAtIssuer(page, login);
    await page.waitForURL((url) => url.pathname !== '/api/auth/google/callback' && url.origin === app.url);
    expect(callback).not.toBe('');
    return { context, page, callback };
  };

  /** The state cookie a fresh start of the flow sets, as /api/auth/google sets it (the redirect not followed). */
  const startFlow = async (context: BrowserContext) => {
    const started = await context.request.get(`${app.url}/api/auth/google`, { maxRedirects: 0 });
    expect(started.status()).toBe(302);
    return new URL(started.headers().location!).searchParams.get('state')!;
  };

  const refused = (response: { status(): number; headers(): Record<string, string> }) => {
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/signin?error=google_failed');
  };

  const signedIn = async (context: BrowserContext) =>
    (await context.request.get(`${app.url}/api/user`)).status() === 200;

  it('a callback whose state differs from the one this browser was given is refused', async () => {
    const { callback } = await signInThroughIssuer('mallory-1');
    const victim = await browser.newContext();
    const state = await startFlow(victim);
    // An attacker's own callback (a code for the attacker's account) pushed into the victim's browser: the state
    // is not the one the victim's browser holds, so the victim is not signed in as the attacker (login CSRF).
    refused(await victim.request.get(callback, { maxRedirects: 0 }));
    expect(await signedIn(victim)).toBe(false);
    // The right state with a changed last character is refused too.
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    await startFlow(victim);
    refused(await victim.request.get(tampered.toString(), { maxRedirects: 0 }));
    expect(await signedIn(victim)).toBe(false);
    await victim.close();
  });

  it('a used callback signs nobody in again, even with its state cookie forged', async () => {
    const { context, callback } = await signInThroughIssuer('victor-1');
    expect(await signedIn(context)).toBe(true);
    const state = new URL(callback).searchParams.get('state')!;
    const attacker = await browser.newContext();
    refused(await attacker.request.get(callback, { maxRedirects: 0 }));
    // The state travels in the address, so an attacker can also set the cookie: the code was spent, and the
    // issuer refuses it a second time.
    await attacker.addCookies([
      { name: 'scrivo_oauth_state', value: state, url: `${app.url}/api/auth/google` },
    ]);
    refused(await attacker.request.get(callback, { maxRedirects: 0 }));
    expect(await signedIn(attacker)).toBe(false);
    await attacker.close();
    await context.close();
  });

  it('an email address the issuer has not verified cannot be used to sign in', async () => {
    const { context, page } = await signInThroughIssuer('unverified-1');
    expect(page.url()).toBe(`${app.url}/signin?error=google_email_not_verified`);
    expect(await signedIn(context)).toBe(false);
    await context.close();
  });

  it('a callback without the state cookie is refused and the browser goes back to /signin', async () => {
    const response = await fetch(`${app.url}/api/auth/google/callback?code=forged&state=forged`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/signin?error=google_failed');
  });
});
