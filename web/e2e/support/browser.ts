import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags this closed network needs (see shared/notes/stack-notes.md).
 * Playwright gives every launch a fresh, empty profile directory of its own.
 */
export const launchBrowser = (extraArgs: readonly string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
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
