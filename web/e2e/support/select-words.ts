import type { Locator, Page } from 'playwright-core';

/**
 * Drags the mouse over the transcript from one word to another, as a reader selects a passage, and returns the bar
 * of what can be done with the selected words. On a loaded machine the page can still move between measuring the
 * words and the drag (a late font, banner or usage note); then the reader, like a person, selects again.
 */
export async function selectWords(page: Page, first: string, last: string): Promise<Locator> {
  const transcript = page.getByTestId('transcript');
  const bar = page.getByRole('group', { name: 'Selected words' });
  const box = async (text: string) => {
    const found = await transcript
      .locator('[data-word]', { hasText: new RegExp(`^${text}$`) })
      .first()
      .boundingBox();
    if (!found) throw new Error(`the word "${text}" is not on the page`);
    return found;
  };
  for (let attempt = 1; ; attempt++) {
    const [from, to] = [await box(first), await box(last)];
    await page.mouse.move(from.x + 1, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width - 1, to.y + to.height / 2);
    await page.mouse.up();
    const chosen = await page.evaluate(() => window.getSelection()?.toString().trim() ?? '');
    const shown = await bar
      .getByText(/words? selected/)
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown && chosen.startsWith(first) && chosen.endsWith(last)) return bar;
    if (attempt === 3) throw new Error(`could not select "${first}" to "${last}": selected "${chosen}"`);
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
  }
}
