import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium with the flags of web/e2e/support/browser.ts, minus `--user-data-dir`, which playwright-core
 * 1.65 refuses in launch() (it gives every context a fresh profile anyway).
 */
export const launchChromium = (): Promise<Browser> =>
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
    ],
  });
