import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf } from '../../api/test/support/expect-status';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { completedInWorkspace, joined, type Person, workspaceOf } from '../../api/test/workspaces/support';
import { launchBrowser } from './support/browser';
import { seriousA11yViolations } from './support/recordings-browser';

const shownTitles = async (page: Page) =>
  (await page.getByRole('list', { name: 'Recordings' }).getByRole('link').allTextContents()).sort();

describe('a workspace’s folders and tags in Chromium: a member files the team’s recordings, a viewer filters by them', () => {
  let app: TestApp;
  let browser: Browser;
  let ann: Person;
  let ben: Person;
  let cleo: Person;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
    [ann, ben, cleo] = await Promise.all([0, 1, 2].map(() => signedInClient(app, { plan: 'premium' })));
    const workspaceId = await workspaceOf(ann, 'Design crew');
    await joined(ann, workspaceId, ben, 'member');
    await joined(ann, workspaceId, cleo, 'viewer');
    await completedInWorkspace(app, ann, workspaceId, 'Kickoff');
    await completedInWorkspace(app, ann, workspaceId, 'Retro');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** `who`'s library with the workspace chosen in the header. */
  const libraryOf = async (who: Person) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([browserSession(who.client, app.url)]);
    const page = await context.newPage();
    await page.goto(`${app.url}/recordings`);
    await page.getByLabel('Space', { exact: true }).selectOption({ label: 'Design crew' });
    await page.getByRole('heading', { name: 'Recordings in Design crew' }).waitFor();
    await page.getByRole('link', { name: 'Retro' }).waitFor();
    return page;
  };

  it('lets a member who uploaded nothing make a folder and a tag and file Ann’s recordings in them', async () => {
    const page = await libraryOf(ben);
    await page.getByRole('button', { name: 'Folders and tags' }).click();
    await page.getByPlaceholder('New folder').fill('Sprints');
    await page.getByRole('button', { name: 'Add folder' }).click();
    await page.getByTestId('folder-row').filter({ hasText: 'Sprints' }).waitFor();
    await page.getByPlaceholder('New tag').fill('decisions');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByTestId('tag-row').filter({ hasText: 'decisions' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Select “Kickoff”').check();
    const bulk = page.getByRole('region', { name: 'Selected recordings' });
    // Ann's recording is not Ben's to delete: the bar offers no Delete.
    expect(await bulk.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await bulk.getByLabel('Move to folder').selectOption({ label: 'Sprints' });
    await bulk.getByRole('button', { name: 'Move', exact: true }).click();
    await bulk.waitFor({ state: 'detached' });
    await page.getByLabel('Select “Retro”').check();
    await bulk.getByLabel('Tag to add or remove').selectOption({ label: 'decisions' });
    await bulk.getByRole('button', { name: 'Add tag', exact: true }).click();
    await bulk.waitFor({ state: 'detached' });
    await page.getByTestId('recording-labels').filter({ hasText: 'Folder: Sprints' }).waitFor();
    await page.getByTestId('recording-labels').filter({ hasText: '#decisions' }).waitFor();
    await page.context().close();

    // They are the workspace's, not Ben's own: his personal library has no folder.
    expect(bodyOf(await ben.client.api.library.get(), 200).folders).toEqual([]);
  }, 90_000);

  it('shows a viewer the workspace’s labels and filters, with nothing to change them', async () => {
    const page = await libraryOf(cleo);
    expect(await page.getByRole('button', { name: 'Folders and tags' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    const filters = page.getByRole('main');
    await filters.getByLabel('Show folder').selectOption({ label: 'Sprints' });
    await expect.poll(() => shownTitles(page)).toEqual(['Kickoff']);
    await filters.getByLabel('Show folder').selectOption({ label: 'All folders' });
    await filters.getByLabel('Show tag').selectOption({ label: 'decisions' });
    await expect.poll(() => shownTitles(page)).toEqual(['Retro']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);
});
