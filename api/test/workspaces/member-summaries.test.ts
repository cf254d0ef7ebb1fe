import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryDecider, summaryStream } from '@scrivo/domain/summaries';
import { translationDecider, translationStream } from '@scrivo/domain/translations';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { completedInWorkspace, joined, type Person, workspaceOf } from './support';

/** Who the request's job is counted to (its `ownerId`): the plan that pays. */
const requestedFor = async (app: TestApp, decider: 'summary' | 'translation', recordingId: string) => {
  const runner = app.scrivo.app.get(StreamRunner);
  const { events } =
    decider === 'summary'
      ? await runner.load(summaryDecider, summaryStream(recordingId))
      : await runner.load(translationDecider, translationStream(recordingId, 'de'));
  const requested = events.filter((e) => e.type === 'SummaryRequested' || e.type === 'TranslationRequested');
  return requested.map((e) => (e.data as { ownerId: string }).ownerId);
};

describe('summaries and translations of a workspace’s recording: its members ask (the uploader’s plan pays), viewers do not', () => {
  let app: TestApp;
  let ann: Person;
  let ben: Person;
  let cleo: Person;
  let dina: Person;
  let workspaceId: string;
  let id: string;

  beforeAll(async () => {
    // No language worker: the requests are recorded and wait in the queue, which is all this asks.
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_IN_PROCESS_LANGUAGE_WORKER: 'false',
    });
    ann = await signedInClient(app, { plan: 'business_pro' });
    [ben, cleo, dina] = await Promise.all([0, 1, 2].map(() => signedInClient(app)));
    workspaceId = await workspaceOf(ann, 'Payments team');
    await joined(ann, workspaceId, ben, 'member');
    await joined(ann, workspaceId, cleo, 'viewer');
    id = await completedInWorkspace(app, ann, workspaceId, 'Pricing sync');
  }, 120_000);
  afterAll(() => app?.close());

  it('lets a member on the free plan ask for a summary, counted to the uploader, and stop it', async () => {
    // The plan that decides is the uploader's, on the member's page as in the request.
    expect(bodyOf(await ben.client.api.summaries.get({ params: { id } }), 200)).toMatchObject({
      status: 'none',
      planAllows: true,
    });
    const asked = await ben.client.api.summaries.request({ params: { id }, body: {} });
    expectStatus(asked, 202, asked.text);
    expect(asked.body).toMatchObject({ status: 'running', planAllows: true });
    expect(await requestedFor(app, 'summary', id)).toEqual([ann.userId]);
    const stopped = await ben.client.api.summaries.cancel({ params: { id } });
    expectStatus(stopped, 200, stopped.text);
    // Editing the summary's text stays the uploader's.
    expectStatus(
      await ben.client.api.summaries.edit({
        params: { id },
        body: {
          content: { overview: 'x', keyPoints: [], decisions: [], actionItems: [], chapters: [] },
          revision: 1,
        },
      }),
      403,
    );
  });

  it('lets a member ask for a translation, counted to the uploader', async () => {
    expect(bodyOf(await ben.client.api.translations.list({ params: { id } }), 200).planAllows).toBe(true);
    const asked = await ben.client.api.translations.request({
      params: { id },
      body: { target: 'de', engine: 'local' },
    });
    expectStatus(asked, 202, asked.text);
    expect(await requestedFor(app, 'translation', id)).toEqual([ann.userId]);
    expectStatus(await ben.client.api.translations.cancel({ params: { id, target: 'de' } }), 200);
  });

  it('refuses a viewer (403, with why) and tells an outsider nothing (404)', async () => {
    for (const refused of [
      await cleo.client.api.summaries.request({ params: { id }, body: {} }),
      await cleo.client.api.summaries.cancel({ params: { id } }),
      await cleo.client.api.translations.request({ params: { id }, body: { target: 'de', engine: 'local' } }),
    ]) {
      expectStatus(refused, 403);
      expect(refused.body.message).toMatch(/Viewers/);
    }
    expectStatus(await dina.client.api.summaries.request({ params: { id }, body: {} }), 404);
    expectStatus(
      await dina.client.api.translations.request({ params: { id }, body: { target: 'de', engine: 'local' } }),
      404,
    );
  });

  it('tells a member when the uploader’s plan has no summaries (402, naming whose plan)', async () => {
    const own = await completedInWorkspace(app, ben, workspaceId, 'Ben’s free upload');
    // Ann (Business Pro) asks on Ben's recording: Ben's free plan pays, so it is refused.
    const refused = await ann.client.api.summaries.request({ params: { id: own }, body: {} });
    expectStatus(refused, 402);
    expect(refused.body.message).toMatch(/uploaded it/);
    expect(bodyOf(await ann.client.api.summaries.get({ params: { id: own } }), 200).planAllows).toBe(false);
  });
});
