import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser, declinedCookies } from './support/browser';

const LANGUAGES =
  'english spanish french german italian portuguese japanese korean chinese farsi arabic russian hindi dutch turkish vietnamese thai polish hebrew indonesian'.split(
    ' ',
  );
const GUIDES = [
  'ai-audio-transcription',
  'podcast-transcription',
  'video-transcription-subtitles',
  'legal-transcription',
  'medical-transcription',
  'how-to-transcribe-audio-to-text',
  'transcribe-m4a-to-text',
];
const ROUTES = [
  '/',
  '/business',
  '/es',
  '/fr',
  '/content-creators',
  '/education',
  '/students',
  '/sales-marketing',
  '/personal-productivity',
  '/email-templates',
  '/help',
  '/howto',
  '/faq',
  '/features',
  '/pricingandplans',
  '/premiumplan',
  '/businessproplan',
  '/privacy',
  '/terms',
  '/security',
  '/cookies',
  '/cookie-policy',
  '/coming-soon',
  '/blog',
  '/blog/introducing-scrivo',
  '/blog/export-srt-subtitles',
  '/guides',
  ...GUIDES.map((g) => `/guides/${g}`),
  '/audio-transcription',
  '/video-transcription',
  '/podcast-transcription',
  ...LANGUAGES.map((l) => `/features/transcribe${l}`),
  '/plan-selection',
  '/plans',
];

type Layer = { event: string; [key: string]: string }[] | undefined;
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: Layer }).dataLayer);

describe('the public site in Chromium', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /**
   * A fresh visitor (empty local storage), optionally one who declined cookies before; `still` asks for reduced
   * motion, so a scan does not meet a slide or a banner half-way through its transition.
   */
  const visit = async (
    path: string,
    options: { declined?: boolean; width?: number; still?: boolean } = {},
  ) => {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      reducedMotion: options.still ? 'reduce' : 'no-preference',
    });
    if (options.declined) await declinedCookies(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error on ${path}:`, error.message));
    await page.goto(app.url + path);
    return page;
  };

  it('renders every public route with its own heading, never the not-found page', async () => {
    const page = await visit('/', { declined: true });
    for (const route of ROUTES) {
      await page.goto(app.url + route);
      const heading = page.locator('h1').first();
      await heading.waitFor({ timeout: 15_000 });
      expect(await heading.textContent(), route).not.toBe('Page not found');
      expect((await heading.textContent())!.length, route).toBeGreaterThan(3);
    }
    for (const unknown of [
      '/features/transcribeklingon',
      '/spaceship-transcription',
      '/blog/no-such-post',
      '/nowhere',
    ]) {
      await page.goto(app.url + unknown);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    }
    await page.context().close();
  });

  it('redirects /businessplan to plan selection', async () => {
    const page = await visit('/businessplan', { declined: true });
    await page.waitForURL(/\/plan-selection$/);
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.context().close();
  });

  it('switches language from the header menu, with translated labels and eight French questions', async () => {
    const page = await visit('/', { declined: true });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel('Language: English').click();
    await page.getByRole('link', { name: 'Français' }).click();
    await page.waitForURL(/\/fr$/);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    for (const label of ['Fonctionnalités', 'Démo', 'Tarifs', 'Avis'])
      await nav.getByRole('link', { name: label }).waitFor();
    await page.getByRole('link', { name: 'Connexion' }).waitFor();
    await page.getByRole('link', { name: "S'inscrire" }).waitFor();
    expect(await page.locator('#faq [aria-expanded]').count()).toBe(8);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.getByLabel('Langue: Français').click();
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL(/\/es$/);
    await page.getByRole('heading', { name: 'Precios sencillos' }).waitFor();
    expect(await page.locator('body').textContent()).toContain('1 GB');
    expect(await page.locator('body').textContent()).toContain('MP4');
    await page.context().close();
  });

  it('shows weekly prices by default and monthly prices with the former prices struck through', async () => {
    const page = await visit('/', { declined: true });
    const pricing = page.locator('#pricing');
    await pricing.getByRole('radio', { name: 'Weekly' }).waitFor();
    expect(await pricing.getByRole('radio', { name: 'Weekly' }).getAttribute('aria-checked')).toBe('true');
    const prices = () => pricing.locator('[data-testid=price]').allTextContents();
    expect(await prices()).toEqual(['$0', '$4.49', '$9.49']);
    expect(await pricing.locator('s').allTextContents()).toEqual(['Was $7.49', 'Was $14.49']);
    await pricing.getByRole('radio', { name: 'Monthly' }).click();
    expect(await prices()).toEqual(['$0', '$9.99', '$19.99']);
    expect(await pricing.locator('s').allTextContents()).toEqual(['Was $14.99', 'Was $39']);
    expect(await pricing.locator('[data-plan=business_pro]').textContent()).toContain('Popular');
    await page.context().close();
  });

  it('toggles the features demo between upload (default) and live recording', async () => {
    const page = await visit('/', { declined: true });
    const features = page.locator('#features');
    await features.locator('[data-pane=upload]').waitFor();
    await features.getByText('Completed').waitFor();
    await features.getByText('12:34 / 45:20').waitFor();
    await features.getByRole('radio', { name: 'Record Live' }).click();
    await features.locator('[data-pane=record]').waitFor();
    await features.getByRole('radio', { name: 'Record Live' }).press('ArrowLeft');
    await features.locator('[data-pane=upload]').waitFor();
    await page.context().close();
  });

  it('advances the use-case carousel every five seconds', async () => {
    const page = await visit('/', { declined: true });
    const slide = page.locator('[aria-roledescription=slide]');
    await slide.waitFor();
    expect(await slide.getAttribute('data-index')).toBe('0');
    await page.waitForFunction(
      () => document.querySelector('[aria-roledescription=slide]')?.getAttribute('data-index') === '1',
      null,
      { timeout: 7000 },
    );
    await page.getByRole('button', { name: 'Previous use case' }).click();
    await page.getByRole('button', { name: 'Previous use case' }).click();
    expect(await slide.getAttribute('data-index')).toBe('3'); // wrapped backwards over four items
    await page.context().close();
  });

  it('keeps one FAQ answer open at a time, and closes it again', async () => {
    const page = await visit('/', { declined: true });
    const questions = page.locator('#faq button[aria-expanded]');
    await questions.first().click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    await questions.nth(1).click();
    expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true');
    await questions.nth(1).click();
    expect(await page.locator('#faq button[aria-expanded=true]').count()).toBe(0);
    await page.context().close();
  });

  it('asks for cookie consent after a second and sends no analytics until accepted', async () => {
    const page = await visit('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    expect(await banner.count()).toBe(0);
    await banner.getByText('We use cookies to enhance your experience.').waitFor({ timeout: 3000 });
    expect(await banner.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/cookies');
    await page.locator('[data-cta=main]').click();
    await page.waitForURL(/\/signup$/);
    expect(await dataLayer(page)).toBeUndefined();
    expect(await page.locator('script[data-scrivo-analytics]').count()).toBe(0);
    await page.goBack();
    await page.getByRole('button', { name: 'Accept All' }).click();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('cookie-consent'),
        localStorage.getItem('cookie-preferences'),
      ]),
    ).toEqual([
      'accepted',
      JSON.stringify({ necessary: true, analytics: true, marketing: true, functional: true }),
    ]);
    await page.locator('#pricing').getByRole('link', { name: 'Get Premium' }).click();
    await page.waitForURL(/\/signup$/);
    expect(await dataLayer(page)).toEqual([
      { event: 'page_view', path: '/' },
      { event: 'pricing_clicked', place: 'pricing_section', plan: 'Premium' },
      { event: 'page_view', path: '/signup' },
    ]);
    await page.context().close();
  });

  it('records nothing after Decline, and follows a customised choice', async () => {
    const page = await visit('/');
    await page.getByRole('button', { name: 'Decline' }).click({ timeout: 3000 });
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('rejected');
    await page.locator('[data-cta=main]').click();
    await page.waitForURL(/\/signup$/);
    expect(await dataLayer(page)).toBeUndefined();

    const custom = await visit('/');
    await custom.getByRole('button', { name: 'Preferences' }).click({ timeout: 3000 });
    const dialog = custom.getByRole('dialog', { name: 'Cookie preferences' });
    expect(await dialog.getByLabel('Necessary (always on)').isDisabled()).toBe(true);
    await dialog.getByLabel(/^Functional/).check();
    await dialog.getByRole('button', { name: 'Save preferences' }).click();
    expect(
      await custom.evaluate(() => [
        localStorage.getItem('cookie-consent'),
        JSON.parse(localStorage.getItem('cookie-preferences')!),
      ]),
    ).toEqual(['customized', { necessary: true, analytics: false, marketing: false, functional: true }]);
    await custom.locator('[data-cta=main]').click();
    expect(await dataLayer(custom)).toBeUndefined();
    await custom.goto(app.url + '/cookies');
    await custom.getByRole('button', { name: 'Change cookie preferences' }).click();
    await custom
      .getByRole('dialog', { name: 'Cookie preferences' })
      .getByLabel(/^Analytics/)
      .check();
    await custom.getByRole('button', { name: 'Save preferences' }).click();
    await custom.locator('[data-cta]').count();
    await custom.goto(app.url + '/');
    await custom.locator('[data-cta=main]').click();
    await custom.waitForURL(/\/signup$/);
    expect((await dataLayer(custom))?.map((e) => e.event)).toEqual(['page_view', 'cta_clicked', 'page_view']);
    expect((await dataLayer(custom))?.[1]).toEqual({
      event: 'cta_clicked',
      place: 'hero',
      label: 'get_started',
    });
    await custom.context().close();
    await page.context().close();
  });

  it('sends a signed-in user from the main call to action to the dashboard, plan buttons to sign-up', async () => {
    const { client } = await signedInClient(app);
    const context = await browser.newContext();
    await context.addCookies([browserSession(client, app.url)]);
    await declinedCookies(context);
    const page = await context.newPage();
    await page.goto(app.url + '/');
    await page.waitForFunction(
      () => document.querySelector('[data-cta=main]')?.getAttribute('href') === '/dashboard',
    );
    expect(
      await page.locator('#pricing a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['/signup', '/signup', '/signup']);
    await page.locator('[data-cta=main]').click();
    await page.waitForURL(/\/dashboard/);
    await context.close();
  });

  it('lets a signed-in user choose Free and explains that paid plans are granted by the administrator', async () => {
    const { client } = await signedInClient(app, { plan: 'premium' });
    const context = await browser.newContext();
    await context.addCookies([browserSession(client, app.url)]);
    await declinedCookies(context);
    const page = await context.newPage();
    await page.goto(app.url + '/plan-selection');
    await page.getByRole('button', { name: 'Current plan' }).waitFor();
    await page.getByRole('button', { name: 'Get Business Pro' }).click();
    const alert = await page.getByRole('alert').textContent();
    expect(alert).toContain('granted by its administrator');
    await page.getByRole('button', { name: 'Start Free' }).click();
    await page.getByRole('status').filter({ hasText: 'You are now on the Free plan.' }).waitFor();
    await context.close();
  });

  it('publishes title, description, canonical, hreflang and product structured data', async () => {
    const page = await visit('/es', { declined: true });
    await page.waitForFunction(() => document.querySelector('script[type="application/ld+json"]'));
    const head = await page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name=description]')?.getAttribute('content'),
      canonical: document.querySelector('link[rel=canonical]')?.getAttribute('href'),
      hreflang: [...document.querySelectorAll('link[rel=alternate]')].map(
        (l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`,
      ),
      jsonLd: JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!),
    }));
    expect(head.title).toContain('Scrivo');
    expect(head.description).toContain('1 GB');
    expect(head.canonical).toBe(`${app.url}/es`);
    expect(head.hreflang).toEqual([
      `en ${app.url}/`,
      `es ${app.url}/es`,
      `fr ${app.url}/fr`,
      `x-default ${app.url}/`,
    ]);
    expect(head.jsonLd.offers.map((o: { price: string }) => o.price)).toEqual([
      '0.00',
      '9.99',
      '19.99',
      '4.49',
      '9.49',
    ]);
    await page.context().close();
  });

  it('has no serious or critical accessibility violations on the landing pages and the auth page', async () => {
    for (const path of ['/', '/es', '/fr', '/pricingandplans', '/cookies', '/signin']) {
      const page = await visit(path, { declined: true, still: true });
      await page.waitForLoadState('networkidle');
      await page.locator('h1, h2, a').first().waitFor();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map(
          (v) =>
            `${path}: ${v.id} ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
      ).toEqual([]);
      // Headless Debian Chromium has no colour-emoji font: an emoji would render as an empty box.
      expect(await page.locator('body').innerText(), path).not.toMatch(
        /[\u{1F300}-\u{1FAFF}\u{2600}-\u{26FF}]/u,
      );
      await page.context().close();
    }
  });

  it('fits phones from 360 px to desktops (screenshots in /tmp/scrivo-public-site)', async () => {
    mkdirSync('/tmp/scrivo-public-site', { recursive: true });
    for (const width of [360, 1280]) {
      for (const path of ['/', '/fr', '/pricingandplans']) {
        const page = await visit(path, { declined: true, width });
        await page.locator('h1').first().waitFor();
        await page.locator('footer').waitFor({ timeout: 10_000 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `/tmp/scrivo-public-site/${path.replace(/\W/g, '_') || 'home'}-${width}.png`,
          fullPage: path !== '/',
        });
        await page.context().close();
      }
    }
  });
});
