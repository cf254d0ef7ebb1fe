import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../api/test/support/http-client';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import {
  latestMailTo,
  latestResetLink,
  latestVerificationCode,
} from '../../api/test/accounts/support/outbox';
import { registration, signUp, uniqueEmail } from '../../api/test/accounts/support/flows';
import { launchBrowser, declinedCookies } from './support/browser';

const ADMIN = { email: 'support@scrivo.test', password: 'admin-secret-1' };

describe('accounts in Chromium', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_AUTH_RATE_LIMIT_SCALE: '100',
      SCRIVO_ADMIN_EMAIL: ADMIN.email,
      SCRIVO_ADMIN_PASSWORD: ADMIN.password,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    // A returning visitor who already answered the cookie banner, so it does not cover the page.
    await declinedCookies(context);
    return context.newPage();
  };
  const toast = (page: Page) => page.getByTestId('toast');

  it('signs up step by step with the code from the outbox and lands on /plan-selection', async () => {
    const page = await newPage();
    const email = uniqueEmail('browser');
    await page.goto(`${app.url}/signup`);
    await expect(page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );

    // Only the first field shows; each valid field turns green and reveals the next one.
    expect(await page.getByLabel('Last name').count()).toBe(0);
    await page.getByLabel('First name').fill('Ada');
    expect(await page.getByLabel('First name').getAttribute('data-valid')).toBe('true');
    expect(await page.getByLabel('First name').getAttribute('class')).toContain('border-green-500');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm password').fill('secret-pass');
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await page.getByLabel('Industry').selectOption('Other (Please Specify)');
    await page.getByLabel('Please specify your industry').fill('Beekeeping');
    await page.getByLabel('How did you hear about us?').selectOption('Other');
    await page.getByLabel('Where did you hear about us?').fill('a friend');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await toast(page).getByText('Verification Code Sent').waitFor();
    await page.getByText(`We sent a 6-digit code to ${email}`).waitFor();
    const code = await latestVerificationCode(app.dataDir, email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL(`${app.url}/plan-selection`);

    const me = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
    expect(me).toMatchObject({
      email,
      industry: 'Beekeeping',
      hearAboutUs: 'Other: a friend',
      emailVerified: true,
    });
  });

  it('sends an existing email to the Sign In tab with the Account Already Exists notice', async () => {
    const { email } = await signUp(app);
    const page = await newPage();
    await page.goto(`${app.url}/signup?email=${encodeURIComponent(email)}`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm password').fill('secret-pass');
    await page.getByLabel('Industry').selectOption('Student');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page).getByText('Account Already Exists').waitFor();
    expect(await toast(page).getAttribute('data-variant')).toBe('neutral');
    await expect(page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
  });

  it('signs in and goes to /dashboard; a wrong password shows Login Failed', async () => {
    const { email } = await signUp(app);
    const page = await newPage();
    await page.goto(`${app.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page).getByText('Login Failed').waitFor();
    await toast(page).getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${app.url}/dashboard`);
  });

  it('EMAIL_NOT_VERIFIED switches to verification; the code from the outbox signs the user in', async () => {
    const email = uniqueEmail('unverified');
    expect((await new TestClient(app.url).api.accounts.register({ body: registration(email) })).status).toBe(
      202,
    );
    const page = await newPage();
    await page.goto(`${app.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast(page).getByText('Email Verification Required').waitFor();
    await toast(page).getByText('A new verification code has been sent to your email.').waitFor();
    await page.getByLabel('Verification code').fill(await latestVerificationCode(app.dataDir, email));
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
  });

  it('forgot password, then the emailed link sets a new password and resets the URL to /auth', async () => {
    const { email } = await signUp(app);
    const page = await newPage();
    await page.goto(`${app.url}/signin`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await toast(page).getByText('Reset Link Sent').waitFor();

    const link = new URL(await latestResetLink(app.dataDir, email));
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page.getByText(`For ${email}`).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm new password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page).getByText('Password Reset Successful').waitFor();
    await page.waitForURL(`${app.url}/auth`);
    await page.getByLabel('Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${app.url}/dashboard`);
  });

  it('writes account emails in the browser language (French here)', async () => {
    const { email } = await signUp(app);
    const context = await browser.newContext({ locale: 'fr-FR' });
    await declinedCookies(context);
    const page = await context.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await toast(page).getByText('Reset Link Sent').waitFor();
    expect((await latestMailTo(app.dataDir, email, 'password-reset')).subject).toBe(
      'Réinitialisez votre mot de passe Scrivo',
    );
    await context.close();
  });

  it('an invalid reset link shows Invalid Reset Link and returns to the request view at /auth', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/reset-password?token=not-a-real-token`);
    await toast(page).getByText('Invalid Reset Link').waitFor();
    await toast(page).getByText('This reset link is invalid or has expired').waitFor();
    await page.waitForURL(`${app.url}/auth`);
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
  });

  it('sends visitors of a guarded page to /signin and back there after sign-in; sign-out reloads signed out', async () => {
    const { email } = await signUp(app);
    const page = await newPage();
    await page.goto(`${app.url}/account`);
    await page.waitForURL(/\/signin\?redirect=%2Faccount$/, { timeout: 5000 }).catch(async (e: unknown) => {
      throw new Error(`${String(e)} at ${page.url()}`);
    });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${app.url}/account`);
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    expect(await page.getByText(email).count()).toBeGreaterThan(0);

    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/signin\?redirect=%2Faccount$/);
    expect(await page.evaluate(() => fetch('/api/user').then((r) => r.status))).toBe(401);
  });

  it('sign-out still clears the cache and reloads after 100 ms when the call fails', async () => {
    const { email } = await signUp(app);
    const page = await newPage();
    await page.goto(`${app.url}/signin?redirect=%2Faccount`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${app.url}/account`);
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await page.route('**/api/logout', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    // The toast lives only until the reload 100 ms later: too short to be sure of seeing it from outside on a busy
    // machine. The page notes it the moment it is shown, in storage that outlives the reload.
    await page.evaluate(() =>
      new MutationObserver(() => {
        const toasts = [...document.querySelectorAll('[data-testid="toast"]')];
        if (toasts.some((t) => t.textContent?.includes('Logout failed')))
          sessionStorage.setItem('toastShown', 'Logout failed');
      }).observe(document.body, { childList: true, subtree: true, characterData: true }),
    );
    const reloaded = page.waitForEvent('load');
    await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await reloaded;
    expect(await page.evaluate(() => sessionStorage.getItem('toastShown'))).toBe('Logout failed');
    expect(
      await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
    ).toBeUndefined();
    // The server never heard of the sign-out, so the session is still good after the reload.
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
  });

  it('a signed-in user opening /signin goes to /dashboard', async () => {
    const { email } = await signUp(app);
    const page = await newPage();
    await page.goto(`${app.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.goto(`${app.url}/signin`);
    await page.waitForURL(`${app.url}/dashboard`);
  });

  it('admin signs in at /admin/login and goes to /admin/chat; wrong credentials say so', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/admin/login`);
    expect(await page.getByLabel('Username').getAttribute('type')).toBe('email');
    await page.getByLabel('Username').fill(ADMIN.email);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).first().waitFor();

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.route('**/api/admin/login', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    await page.waitForURL(`${app.url}/admin/chat`);
    expect(await page.evaluate(() => localStorage.getItem('adminAuthenticated'))).toBe('true');
    expect(await page.evaluate(() => fetch('/api/admin/check-auth').then((r) => r.json()))).toMatchObject({
      isAuthenticated: true,
    });
  });

  it('/signup-business redirects to /signup; the Google button explains when Google is not set up', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/signup-business`);
    await page.waitForURL(`${app.url}/signup`);
    await page.getByText('Google sign-in is not set up on this server.').waitFor();
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await toast(page)
      .getByText('Google sign-in is not set up on this server. Please use your email and password.')
      .waitFor();
  });
});
