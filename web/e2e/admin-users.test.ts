import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf } from '../../api/test/support/expect-status';
import { signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { joined } from '../../api/test/workspaces/support';
import { launchBrowser, declinedCookies } from './support/browser';

const ADMIN = { email: 'root@scrivo.test', password: 'admin-secret-1' };

describe('the operator console in Chromium', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_ADMIN_EMAIL: ADMIN.email, SCRIVO_ADMIN_PASSWORD: ADMIN.password });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A returning visitor who already answered the cookie banner, so it does not cover the page. */
  const newContext = async (): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    await declinedCookies(context);
    return context;
  };

  it('an admin finds a user and sets Business Pro; the user, still signed in, sees it on /account', async () => {
    const { client, email } = await signedInClient(app);
    const userContext = await newContext();
    const { hostname } = new URL(app.url);
    await userContext.addCookies([
      { name: 'scrivo_session', value: client.cookie('scrivo_session')!, domain: hostname, path: '/' },
    ]);
    const userPage = await userContext.newPage();
    await userPage.goto(`${app.url}/account`);
    const plan = userPage.getByRole('region', { name: 'Plan' });
    await plan.getByText('Free', { exact: true }).waitFor();

    const adminPage = await (await newContext()).newPage();
    await adminPage.goto(`${app.url}/admin/users`);
    await adminPage.waitForURL('**/admin/login');
    await adminPage.getByLabel('Username').fill(ADMIN.email);
    await adminPage.getByLabel('Password').fill(ADMIN.password);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await adminPage.waitForURL('**/admin/chat');
    // One navigation for the whole admin area.
    await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await adminPage.waitForURL('**/admin/users');
    await adminPage.getByLabel('Search users').fill(email);
    await adminPage.getByRole('link', { name: email }).click();
    await adminPage.waitForURL('**/admin/users/*');
    await expect.poll(() => adminPage.getByTestId('user-plan').textContent()).toBe('Free');

    const form = adminPage.getByRole('form', { name: 'Change plan' });
    await form.getByLabel('Plan', { exact: true }).selectOption('business_pro');
    await form.getByLabel('Reason').fill('Pilot for the sales team');
    await form.getByRole('button', { name: 'Change plan' }).click();
    await expect.poll(() => adminPage.getByTestId('user-plan').textContent()).toBe('Business Pro');
    const history = adminPage.getByRole('region', { name: 'History' });
    await history.getByText('Plan Free → Business Pro').waitFor();
    await history.getByText(/by root@scrivo\.test · “Pilot for the sales team”/).waitFor();

    // The user never signed out: the next load of /account shows the new plan.
    await userPage.reload();
    await plan.getByText('Business Pro', { exact: true }).waitFor();
    expect(await plan.textContent()).toContain('You are on the Business Pro plan');
  });

  it('an admin invites an address, sees it in the invitations, and revokes it', async () => {
    const page = await (await newContext()).newPage();
    await page.goto(`${app.url}/admin/login`);
    await page.getByLabel('Username').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/chat');
    await page.goto(`${app.url}/admin/users`);
    const email = `invited-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Invite an address to sign up').fill(email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const invitations = page.getByRole('region', { name: 'Invitations' });
    await invitations.getByRole('cell', { name: email, exact: true }).waitFor();
    expect(await invitations.textContent()).toContain(`by ${ADMIN.email}`);
    await invitations.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
    await invitations.getByRole('cell', { name: email, exact: true }).waitFor({ state: 'detached' });
  });

  it('an admin sees every workspace with its owner and its number of members', async () => {
    const adminPage = await (await newContext()).newPage();
    await adminPage.goto(`${app.url}/admin/login`);
    await adminPage.getByLabel('Username').fill(ADMIN.email);
    await adminPage.getByLabel('Password').fill(ADMIN.password);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await adminPage.waitForURL('**/admin/chat');
    await adminPage
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Workspaces' })
      .click();
    await adminPage.waitForURL('**/admin/workspaces');
    await adminPage.getByText('No workspaces yet.').waitFor();

    // A user creates a workspace in the web app, and a second person joins it.
    const owner = await signedInClient(app);
    const userContext = await newContext();
    const { hostname } = new URL(app.url);
    await userContext.addCookies([
      { name: 'scrivo_session', value: owner.client.cookie('scrivo_session')!, domain: hostname, path: '/' },
    ]);
    const userPage = await userContext.newPage();
    await userPage.goto(`${app.url}/workspaces`);
    await userPage.getByLabel('New workspace name').fill('Field research');
    await userPage.getByRole('button', { name: 'Create workspace' }).click();
    await userPage
      .getByRole('list', { name: 'Your workspaces' })
      .getByRole('link', { name: 'Field research' })
      .waitFor();
    const [workspace] = bodyOf(await owner.client.api.workspaces.list(), 200).workspaces;
    await joined(owner, workspace!.id, await signedInClient(app), 'member');

    await adminPage.reload();
    const row = adminPage
      .getByRole('table', { name: 'Workspaces' })
      .getByRole('row')
      .filter({ hasText: 'Field research' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['Field research', owner.email, '2']);
    expect(await adminPage.getByText('No workspaces yet.').count()).toBe(0);
  });

  it('without a payment provider, the plan page says paid plans are granted by the administrator', async () => {
    const { client } = await signedInClient(app);
    const context = await newContext();
    const { hostname } = new URL(app.url);
    await context.addCookies([
      { name: 'scrivo_session', value: client.cookie('scrivo_session')!, domain: hostname, path: '/' },
    ]);
    const page = await context.newPage();
    await page.goto(`${app.url}/plan-selection`);
    const note = page.getByTestId('paid-plans-note');
    await note.waitFor();
    expect(await note.textContent()).toContain('they are granted by its administrator');
    // The plan pages say the same, and so does the pricing page to a visitor.
    await page.goto(`${app.url}/premiumplan`);
    await page.getByTestId('paid-plans-note').waitFor();
    const visitor = await (await newContext()).newPage();
    await visitor.goto(`${app.url}/pricingandplans`);
    expect(await visitor.getByTestId('paid-plans-note').textContent()).toContain(
      'they are granted by its administrator',
    );
  });
});

describe('sign-up policy on the public pages in Chromium', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_SIGNUPS: 'closed' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the landing page and the sign-up page say plainly that sign-ups are closed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    await declinedCookies(context);
    const page = await context.newPage();
    await page.goto(app.url);
    const landing = page.getByTestId('signup-policy');
    await landing.waitFor();
    expect(await landing.textContent()).toContain('Sign-ups are closed on this server');
    await page.goto(`${app.url}/signup`);
    const auth = page.getByTestId('signup-policy');
    await auth.waitFor();
    expect(await auth.textContent()).toContain('only its administrators create accounts');
    // The Spanish and French landing pages say it in their language.
    for (const [path, text] of [
      ['/es', 'Los registros están cerrados en este servidor'],
      ['/fr', 'Les inscriptions sont fermées sur ce serveur'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      const notice = page.getByTestId('signup-policy');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(text);
    }
  });
});
