import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import { JFK_TRANSCRIPT } from '../../api/test/recordings/support/completed-recording';
import { completedInWorkspace } from '../../api/test/workspaces/support';
import { bodyOf } from '../../api/test/support/expect-status';
import { browserSession, signedInClient } from '../../api/test/support/sessions';
import { startTestApp, type TestApp } from '../../api/test/support/test-app';
import { launchBrowser } from './support/browser';
import { dropFiles, horizontalOverflow, seriousA11yViolations } from './support/recordings-browser';
import { selectWords } from './support/select-words';

const JFK = sharedAudio('jfk/jfk.wav');

type Person = Awaited<ReturnType<typeof signedInClient>> & { page: Page };

/** The JFK transcript with a time for every word (spread over its segment), as the speech worker gives them. */
const timedJfk: TranscriptBody = {
  ...JFK_TRANSCRIPT,
  segments: JFK_TRANSCRIPT.segments.map((segment) => {
    const words = segment.text.trim().split(/\s+/);
    const step = (segment.end - segment.start) / words.length;
    return {
      ...segment,
      words: words.map((text, i) => ({
        text,
        start: segment.start + i * step,
        end: segment.start + (i + 1) * step,
        probability: 0.9,
      })),
    };
  }),
};

describe('workspaces in Chromium: create, invite, accept, share, edit, move, change a role, remove', () => {
  let app: TestApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let ann: Person;
  let ben: Person;
  let cleo: Person;
  let dina: Person;
  let workspaceId: string;
  let recordingId: string;

  /** A verified account (the e2e way: real registration, real session) with its own browser. */
  const person = async (name: string): Promise<Person> => {
    const signedIn = await signedInClient(app, {
      email: `${name}-${Date.now().toString(36)}@example.com`,
      plan: 'premium',
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await context.addCookies([browserSession(signedIn.client, app.url)]);
    return { ...signedIn, page: await context.newPage() };
  };
  const member = (page: Page, email: string) =>
    page.getByTestId('workspace-member').filter({ hasText: email });

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    browser = await launchBrowser();
    ann = await person('ann');
    ben = await person('ben');
    cleo = await person('cleo');
    dina = await person('dina');
    // Comments carry their author's name: B's is his own.
    await ben.client.api.accounts.updateAccount({ body: { firstName: 'Ben', lastName: 'Baker' } });
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.close();
  });

  it('A creates a workspace and invites B as a member and C as a viewer', async () => {
    const { page } = ann;
    await page.goto(`${app.url}/workspaces`);
    await page.getByText('You are not in any workspace yet.').waitFor();
    // Nothing to switch between yet: the header has no switcher.
    expect(await page.getByLabel('Space', { exact: true }).count()).toBe(0);
    await page.getByLabel('New workspace name').fill('Design crew');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    const link = page
      .getByRole('list', { name: 'Your workspaces' })
      .getByRole('link', { name: 'Design crew' });
    await link.waitFor();
    expect(await page.getByRole('list', { name: 'Your workspaces' }).textContent()).toContain('Owner');
    await page.getByLabel('Space', { exact: true }).waitFor();
    await link.click();
    await page.getByRole('heading', { name: 'Design crew', level: 1 }).waitFor();
    workspaceId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(workspaceId).not.toBe('');

    const invite = page.getByRole('region', { name: 'Invite people' });
    await invite.getByLabel('Email address').fill(ben.email);
    await invite.getByLabel('Role').selectOption('member');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite
      .getByRole('status')
      .filter({ hasText: `Invited ${ben.email}.` })
      .waitFor();
    await invite.getByLabel('Email address').fill(cleo.email);
    await invite.getByLabel('Role').selectOption('viewer');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const pending = invite.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(`${cleo.email} · Viewer`).waitFor();
    expect(await pending.textContent()).toContain(`${ben.email} · Member`);
    // The API's own words for a refusal: the address is invited already.
    await invite.getByLabel('Email address').fill(cleo.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite
      .getByRole('alert')
      .filter({ hasText: `${cleo.email} is already invited` })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('B and C accept on their Workspaces page and see no member controls', async () => {
    for (const [who, role] of [
      [ben, 'Member'],
      [cleo, 'Viewer'],
    ] as const) {
      const { page } = who;
      // The invitation email signs people in to the dashboard: it shows the invitation there too.
      await page.goto(`${app.url}/${who === ben ? 'workspaces' : 'dashboard'}`);
      const invitations = page.getByRole('region', { name: 'Invitations for you' });
      expect(await invitations.textContent()).toContain(`Design crew as ${role.toLowerCase()}`);
      await invitations.getByRole('button', { name: 'Accept the invitation to Design crew' }).click();
      await invitations.waitFor({ state: 'detached' });
      await page.goto(`${app.url}/workspaces`);
      const mine = page.getByRole('list', { name: 'Your workspaces' });
      await mine.getByRole('link', { name: 'Design crew' }).waitFor();
      expect(await mine.textContent()).toContain(role);
      // The switcher offers the workspace and remembers the choice.
      await page.getByLabel('Space', { exact: true }).selectOption({ label: 'Design crew' });
      await mine.getByRole('link', { name: 'Design crew' }).click();
      await page.getByRole('heading', { name: 'Design crew', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Leave workspace' }).waitFor();
      expect(await page.getByRole('region', { name: 'Invite people' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Change the role/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete workspace' }).count()).toBe(0);
      await page.reload();
      expect(await page.getByLabel('Space', { exact: true }).inputValue()).toBe(workspaceId);
    }
    expect(await seriousA11yViolations(cleo.page)).toEqual([]);
  });

  it('A uploads into the workspace; B and C see it in their library; C has no upload and no editor', async () => {
    const { page } = ann;
    await page.getByLabel('Space', { exact: true }).selectOption({ label: 'Design crew' });
    await page.goto(`${app.url}/dashboard`);
    await page.getByTestId('upload-destination').filter({ hasText: 'Design crew' }).waitFor();
    await dropFiles(page, [{ path: JFK, type: 'audio/wav' }]);
    const recent = page.getByRole('list', { name: 'Recent recordings' });
    await recent.getByTestId('recording-item').filter({ hasText: 'jfk' }).waitFor({ timeout: 60_000 });
    await expect
      .poll(async () =>
        bodyOf(await ann.client.api.recordings.list({ query: { workspaceId } }), 200).items.map(
          (r) => r.title,
        ),
      )
      .toEqual(['jfk']);
    recordingId = await completedInWorkspace(app, ann, workspaceId, 'Weekly sync', timedJfk);

    for (const who of [ben, cleo]) {
      await who.page.goto(`${app.url}/recordings`);
      await who.page.getByRole('heading', { name: 'Recordings in Design crew' }).waitFor();
      await who.page.getByTestId('recording-item').filter({ hasText: 'Weekly sync' }).waitFor();
      expect(await who.page.getByTestId('recording-item').filter({ hasText: 'jfk' }).count()).toBe(1);
    }
    await cleo.page.goto(`${app.url}/dashboard`);
    await cleo.page.getByText('Viewers of Design crew cannot upload into it.').waitFor();
    expect(await cleo.page.getByTestId('dropzone').count()).toBe(0);
    await ben.page.goto(`${app.url}/transcription/${recordingId}`);
    await ben.page.getByRole('button', { name: 'Edit transcript' }).waitFor();
    await cleo.page.goto(`${app.url}/transcription/${recordingId}`);
    await cleo.page.getByTestId('transcript').waitFor();
    // A viewer exports: the menu and its download work.
    await cleo.page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = cleo.page.waitForEvent('download');
    await cleo.page.getByRole('button', { name: /^Download / }).click();
    expect((await download).suggestedFilename()).toMatch(/Weekly sync/);
    await cleo.page.keyboard.press('Escape');
    expect(await cleo.page.getByRole('button', { name: 'Edit transcript' }).count()).toBe(0);
    expect(await seriousA11yViolations(cleo.page)).toEqual([]);
  });

  it('B, a member, comments (his name and initials shown) and edits; the library offers him no delete or move of A’s', async () => {
    const { page } = ben;
    await page.goto(`${app.url}/transcription/${recordingId}`);
    const bar = await selectWords(page, 'what', 'country');
    await bar.getByRole('button', { name: 'Comment…' }).click();
    const form = page.getByRole('form', { name: 'Comment on the selected words' });
    await form.getByRole('textbox', { name: 'Comment' }).fill('Open the minutes with this');
    await form.getByRole('button', { name: 'Save comment' }).click();
    const notes = page.getByRole('region', { name: 'Highlights and comments' });
    await notes.getByText('Open the minutes with this').waitFor();
    expect(await notes.textContent()).toContain('Ben Baker');
    expect(await notes.getByTestId('author-initials').first().textContent()).toBe('BB');

    await page.getByRole('button', { name: 'Edit transcript' }).click();
    const field = page.getByRole('textbox', { name: /^Text from 0:00/ });
    await field.fill((await field.inputValue()).replace(/fellow Americans/i, 'fellow citizens'));
    await page.getByTestId('save-status').getByText('All changes saved').waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => {
        const transcript = await ann.client.api.recordings.transcript({ params: { id: recordingId } });
        return bodyOf(transcript, 200).segments[0]?.text;
      })
      .toMatch(/fellow citizens/);
    // Share links are the uploader's alone.
    expect(await page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);

    await page.goto(`${app.url}/recordings`);
    const weekly = page.getByTestId('recording-item').filter({ hasText: 'Weekly sync' });
    await weekly.getByRole('button', { name: 'Rename “Weekly sync”' }).waitFor();
    await weekly.getByRole('button', { name: 'Pin “Weekly sync”' }).waitFor();
    expect(await weekly.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await weekly.getByRole('combobox', { name: /^Move/ }).count()).toBe(0);
  });

  it('C, a viewer, reads and exports but is offered no editor, rename, delete or share; the API refuses an edit', async () => {
    const { page } = cleo;
    await page.goto(`${app.url}/transcription/${recordingId}`);
    await page.getByTestId('transcript').getByText('citizens').waitFor();
    await page.getByTestId('recording-title').waitFor();
    // Who made the last edit is shown to everyone who reads the transcript.
    expect(await page.getByTestId('edited-by').textContent()).toMatch(/^Edited by Ben Baker, /);
    expect(await page.getByRole('button', { name: 'Edit transcript' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Rename/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    const edit = await cleo.client.api.recordings.editTranscript({
      params: { id: recordingId },
      body: { version: 2, segments: [{ index: 0, text: 'A viewer’s words.' }] },
    });
    expect(edit.status).toBe(403);

    await page.goto(`${app.url}/recordings`);
    const weekly = page.getByTestId('recording-item').filter({ hasText: 'Weekly sync' });
    await weekly.waitFor();
    for (const control of [/^Rename/, /^Pin/, /^Delete/])
      expect(await weekly.getByRole('button', { name: control }).count()).toBe(0);
    expect(await weekly.getByRole('checkbox').count()).toBe(0);

    // The workspace's voices are read, not changed, by a viewer.
    await page.goto(`${app.url}/workspaces/${workspaceId}`);
    const voices = page.getByRole('region', { name: 'Voices' });
    await voices.getByText('No voices yet').waitFor();
    expect(await voices.getByRole('button').count()).toBe(0);
  });

  it('B, a member, edits the workspace glossary on its page; C, a viewer, reads it with nothing to change', async () => {
    await ben.page.goto(`${app.url}/workspaces/${workspaceId}`);
    const mine = ben.page.getByRole('region', { name: 'Glossary' });
    const terms = mine.getByLabel('The workspace’s terms');
    await expect.poll(() => terms.isEnabled()).toBe(true);
    await terms.fill('Scrivo: scree-vo\nNguyen');
    await mine.getByRole('button', { name: 'Save glossary' }).click();
    await mine.getByText('2 terms · saved').waitFor();
    expect(
      bodyOf(await ann.client.api.workspaces.vocabulary({ params: { workspaceId } }), 200).terms,
    ).toEqual([{ text: 'Scrivo', soundsLike: 'scree-vo' }, { text: 'Nguyen' }]);

    await cleo.page.goto(`${app.url}/workspaces/${workspaceId}`);
    const read = cleo.page.getByRole('region', { name: 'Glossary' });
    const list = read.getByRole('list', { name: 'The workspace’s terms' });
    await list.getByText('Scrivo: scree-vo').waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Scrivo: scree-vo', 'Nguyen']);
    expect(await read.getByRole('textbox').count()).toBe(0);
    expect(await read.getByRole('button').count()).toBe(0);
  });

  it('D, outside the workspace, is told nothing of any of its ids (404)', async () => {
    const api = dina.client.api;
    const params = { workspaceId };
    const statuses = [
      (await api.recordings.get({ params: { id: recordingId } })).status,
      (await api.recordings.transcript({ params: { id: recordingId } })).status,
      (await api.workspaces.get({ params })).status,
      (await api.workspaces.vocabulary({ params })).status,
      (await api.workspaces.voices({ params })).status,
      (await api.recordings.list({ query: { workspaceId } })).status,
    ];
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404]);
    await dina.page.goto(`${app.url}/transcription/${recordingId}`);
    await dina.page.getByRole('heading', { name: /not found/i }).waitFor();
  });

  it('A moves a personal recording into the workspace from the library: B finds it there', async () => {
    const { page } = ann;
    const form = new FormData();
    form.set('file', new Blob([await readFile(JFK)]), 'jfk.wav');
    form.set('title', 'Board notes');
    const created = await ann.client.api.recordings.create({ body: form });
    expect(created.status).toBe(201);
    await page.getByLabel('Space', { exact: true }).selectOption({ label: 'Personal' });
    await page.goto(`${app.url}/recordings`);
    const notes = page.getByTestId('recording-item').filter({ hasText: 'Board notes' });
    await notes
      .getByRole('combobox', { name: 'Move “Board notes” to' })
      .selectOption({ label: 'Design crew' });
    await expect
      .poll(async () =>
        bodyOf(await ben.client.api.recordings.list({ query: { workspaceId } }), 200).items.map(
          (r) => r.title,
        ),
      )
      .toContain('Board notes');
    await page.getByLabel('Space', { exact: true }).selectOption({ label: 'Design crew' });
    await page.getByTestId('recording-item').filter({ hasText: 'Board notes' }).waitFor();
  });

  it('A sees them, makes C a member, removes B, and B no longer sees the workspace', async () => {
    const { page } = ann;
    await page.goto(`${app.url}/workspaces/${workspaceId}`);
    await member(page, cleo.email).waitFor();
    expect(await member(page, ben.email).textContent()).toContain(ben.email);
    expect(await member(page, ann.email).textContent()).toContain('(you)');
    expect(await page.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);

    // The owner sets how long recordings are kept; the API's answer is what the page then says.
    const keeping = page.getByRole('region', { name: 'Keeping recordings' });
    await keeping.getByLabel('After a recording’s time').selectOption('media');
    await keeping.getByLabel('Days after upload').fill('30');
    await keeping.getByRole('button', { name: 'Save' }).click();
    await keeping.getByText('removed 30 days after upload; the transcript stays').waitFor();
    // Each recording of the workspace says when its media goes.
    await page.goto(`${app.url}/recordings`);
    const weekly = page.getByTestId('recording-item').filter({ hasText: 'Weekly sync' });
    await weekly.getByTestId('removal-date').filter({ hasText: 'Audio and video removed on' }).waitFor();
    await page.goto(`${app.url}/workspaces/${workspaceId}`);
    await member(page, cleo.email).waitFor();

    const cleoRow = member(page, cleo.email);
    await cleoRow.getByRole('combobox', { name: `Role of Test User (${cleo.email})` }).selectOption('member');
    await cleoRow.getByRole('button', { name: `Change the role of Test User (${cleo.email})` }).click();
    await expect
      .poll(async () => bodyOf(await cleo.client.api.workspaces.list(), 200).workspaces)
      .toEqual([{ id: workspaceId, name: 'Design crew', role: 'member' }]);

    page.once('dialog', (dialog) => void dialog.accept());
    await member(page, ben.email)
      .getByRole('button', { name: `Remove Ben Baker (${ben.email})` })
      .click();
    await member(page, ben.email).waitFor({ state: 'detached' });
    expect(await page.getByTestId('workspace-member').count()).toBe(2);
    // Focus is not lost with the removed row: it goes to the list's heading once the removal is answered (a moment
    // after the row leaves the list, which a loaded machine can stretch).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Members');

    // On a phone the page fits the screen, and the switcher is in the menu.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#app-menu').getByLabel('Space', { exact: true }).waitFor();

    await ben.page.goto(`${app.url}/workspaces`);
    await ben.page.getByText('You are not in any workspace yet.').waitFor();
    // The switcher had B in the workspace; it is gone, and so is the switcher.
    expect(await ben.page.getByLabel('Space', { exact: true }).count()).toBe(0);
    await ben.page.goto(`${app.url}/workspaces/${workspaceId}`);
    await ben.page.getByText('This workspace does not exist, or you are not a member of it.').waitFor();
    expect(bodyOf(await ben.client.api.workspaces.list(), 200).workspaces).toEqual([]);
    // His very next request on the workspace's recording is refused, as for anyone outside it.
    expect((await ben.client.api.recordings.get({ params: { id: recordingId } })).status).toBe(404);
    expect((await ben.client.api.workspaces.vocabulary({ params: { workspaceId } })).status).toBe(404);
  });
});
