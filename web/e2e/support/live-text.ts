import { heard, wordRecall } from '@scrivo/domain/testing';
import type { Page } from 'playwright-core';

export interface LiveViewSeen {
  readonly phase: string;
  readonly seconds: string;
  /** The alerts and notices shown, joined. */
  readonly messages: string;
  /** The words on screen (settled and partial, without the paragraph timestamps), lower case, no punctuation. */
  readonly words: string;
}

/** What the live view shows now. */
export const liveViewSeen = (page: Page): Promise<LiveViewSeen> =>
  page.evaluate(() => {
    const texts = (selector: string) =>
      [...document.querySelectorAll(selector)].map((node) => (node.textContent ?? '').trim());
    return {
      phase: texts('[data-testid="live-phase"]').join(' '),
      seconds: document.querySelector('[data-testid="live-elapsed"]')?.getAttribute('data-seconds') ?? '?',
      messages: texts('[role="dialog"] [role="alert"], [role="dialog"] [role="status"]').join(' | '),
      words: texts('[data-testid="live-text"] [data-final], [data-testid="live-text"] [data-partial]')
        .join(' ')
        .toLowerCase()
        .replace(/[^\p{L}' ]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    };
  });

const describeSeen = (seen: LiveViewSeen) =>
  `phase "${seen.phase}" at ${seen.seconds} s; ${seen.messages ? `messages "${seen.messages}"` : 'no message'}; ` +
  `live text "${seen.words}"`;

/** Whether the live text holds what the test listens for. */
export type LiveTextMatch = (words: string) => boolean;

/**
 * The live text holds the phrase, in any case and punctuation on screen, within the tolerance of `heard` (live
 * engines write a word differently from one start or machine to another: "as not" for "ask not").
 */
export const holdsPhrase =
  (phrase: string): LiveTextMatch =>
  (words) =>
    heard(phrase, words);

/**
 * At least `share` of the sentence's words are on the screen, in any order: for a test that the captions are in
 * the sentence's language, where one exact stretch is too much to ask of a live engine on a loaded machine.
 */
export const holdsMostOf =
  (sentence: string, share = 0.5): LiveTextMatch =>
  (words) =>
    wordRecall(sentence, words) >= share;

/**
 * Waits until the live text holds the phrase (see `holdsPhrase`; or what `match` asks for). On a timeout it fails
 * with what the page showed instead: the phase, the elapsed time, any message and the whole live text, so a
 * failure in CI says what was recognised.
 */
export const waitForLiveWords = async (
  page: Page,
  phrase: string,
  timeoutMs: number,
  match: LiveTextMatch = holdsPhrase(phrase),
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await liveViewSeen(page);
    if (match(seen.words)) return;
    if (Date.now() >= deadline)
      throw new Error(
        `"${phrase}" was not in the live text within ${timeoutMs / 1000} s: ${describeSeen(seen)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** The duration the library gives the recording the live view has just saved (behind its "Open the recording" link). */
export const savedRecordingSeconds = async (page: Page): Promise<number> => {
  const href = await page.getByRole('link', { name: 'Open the recording' }).getAttribute('href');
  const recording = await page.evaluate(
    async (id) => (await fetch(`/api/recordings/${id}`)).json() as Promise<{ durationSeconds: number }>,
    href!.split('/').at(-1)!,
  );
  return recording.durationSeconds;
};
