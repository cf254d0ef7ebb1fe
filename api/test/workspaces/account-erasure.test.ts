import type { EventStore } from '@scrivo/domain';
import { workspaceStream } from '@scrivo/domain/workspaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../../src/infrastructure/tokens';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { joined, type Person, workspaceOf } from './support';

describe('an account erased: its workspaces are left, and those it owned (not handed over) deleted', () => {
  let app: TestApp;
  let ann: Person;
  let ben: Person;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    [ann, ben] = await Promise.all([signedInClient(app), signedInClient(app)]);
  }, 120_000);
  afterAll(() => app?.close());

  it('deletes the workspaces Ann owned and takes her out of Ben’s; Ben keeps his', async () => {
    const annsTeam = await workspaceOf(ann, 'Ann’s team');
    await joined(ann, annsTeam, ben, 'member');
    const bensTeam = await workspaceOf(ben, 'Ben’s team');
    await joined(ben, bensTeam, ann, 'admin');

    expectStatus(await ann.client.api.privacy.deleteAccount({ body: { password: 'test-password' } }), 200);

    const events = app.scrivo.app.get<EventStore>(EVENT_STORE);
    const last = async (workspaceId: string) =>
      (await events.readStream(workspaceStream(workspaceId))).at(-1)?.type;
    await waitUntil(
      'Ann has left both',
      async () =>
        (await last(annsTeam)) === 'WorkspaceDeleted' && (await last(bensTeam)) === 'WorkspaceMemberRemoved',
    );
    await waitUntil(
      'the read models hold it',
      async () => bodyOf(await ben.client.api.workspaces.list(), 200).workspaces.length === 1,
    );
    expect(bodyOf(await ben.client.api.workspaces.list(), 200).workspaces).toEqual([
      { id: bensTeam, name: 'Ben’s team', role: 'owner' },
    ]);
    const page = bodyOf(await ben.client.api.workspaces.get({ params: { workspaceId: bensTeam } }), 200);
    expect(page.members.map((m) => m.userId)).toEqual([ben.userId]);
    expectStatus(await ben.client.api.workspaces.get({ params: { workspaceId: annsTeam } }), 404);
  });
});
