import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { unchecked } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { joined, type Person, workspaceOf } from './support';

describe('workspace retention: owners and admins set how long recordings are kept', () => {
  let app: TestApp;
  let ann: Person;
  let dina: Person;
  let ben: Person;
  let ed: Person;
  let workspaceId: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    [ann, dina, ben, ed] = await Promise.all([0, 1, 2, 3].map(() => signedInClient(app)));
    workspaceId = await workspaceOf(ann);
    await joined(ann, workspaceId, dina, 'admin');
    await joined(ann, workspaceId, ben, 'member');
  }, 120_000);
  afterAll(() => app?.close());

  const setBy = (person: Person, policy: unknown) =>
    person.client.api.workspaces.setRetention({
      params: { workspaceId },
      body: unchecked({ policy }),
    });

  it('is set by an admin, shown on the members page, and turned off with null', async () => {
    const set = await setBy(dina, { days: 90, scope: 'media' });
    expectStatus(set, 200);
    expect(set.body.retention).toEqual({ days: 90, scope: 'media' });
    const page = bodyOf(await ben.client.api.workspaces.get({ params: { workspaceId } }), 200);
    expect(page.retention).toEqual({ days: 90, scope: 'media' });
    const off = await setBy(ann, null);
    expectStatus(off, 200);
    expect(off.body.retention).toBeNull();
  });

  it('is refused to a member (403) and to an outsider as if the workspace did not exist (404)', async () => {
    const member = await setBy(ben, { days: 30, scope: 'recording' });
    expectStatus(member, 403);
    expect(member.body.message).toMatch(/owner and admins/);
    expectStatus(await setBy(ed, { days: 30, scope: 'recording' }), 404);
  });

  it('is a whole number of days from 1 to 3650, on media or the whole recording: anything else is a 400', async () => {
    for (const policy of [
      { days: 0, scope: 'media' },
      { days: 3651, scope: 'media' },
      { days: 1.5, scope: 'media' },
      { days: 30, scope: 'transcript' },
      { days: '30', scope: 'media' },
    ])
      expectStatus(await setBy(ann, policy), 400);
    expect(
      bodyOf(await ann.client.api.workspaces.get({ params: { workspaceId } }), 200).retention,
    ).toBeNull();
  });
});
