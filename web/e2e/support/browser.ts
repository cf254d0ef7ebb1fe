import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export interface LaunchOptions {
  /**
   * Lets the pages make sound. Playwright mutes headless Chromium (`--mute-audio`), and a muted tab's audio reaches
   * a tab capture (getDisplayMedia) as silence; the tests that share a tab's audio need it audible.
   */
  readonly audible?: boolean;
}

/**
 * Debian's Chromium, headless, with the flags this closed network needs (see shared/notes/stack-notes.md).
 * Playwright gives every launch a fresh, empty profile directory of its own.
 */
export const launchBrowser = (
  extraArgs: readonly string[] = [],
  { audible = false }: LaunchOptions = {},
): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    ignoreDefaultArgs: audible ? ['--mute-audio'] : [],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });

/**
 * A returning visitor who declined the cookie banner, stored as the app stores it (the choice and the preferences:
 * with the choice alone the app asks again, and its banner, shown a second after load, covers the page's bottom).
 */
export const declinedCookies = async (context: BrowserContext): Promise<void> => {
  await context.addInitScript(() => {
    try {
      localStorage.setItem('cookie-consent', 'rejected');
      localStorage.setItem(
        'cookie-preferences',
        JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }),
      );
    } catch {
      // Storage is blocked in cross-site frames: there is nothing to answer there.
    }
  });
};
