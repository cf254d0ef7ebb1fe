import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { joined, type Person, workspaceOf } from './support';

const ADMIN = { email: 'root@scrivo.test', password: 'admin-secret-1' };

describe('the operators’ console lists every workspace with its owner and size, and only operators see it', () => {
  let app: TestApp;
  let admin: TestClient;
  let ann: Person;
  let ben: Person;

  beforeAll(async () => {
    app = await startTestApp({
      SCRIVO_IN_PROCESS_JOB_WORKER: 'false',
      SCRIVO_ADMIN_EMAIL: ADMIN.email,
      SCRIVO_ADMIN_PASSWORD: ADMIN.password,
    });
    admin = new TestClient(app.url);
    expectStatus(
      await admin.api.accounts.adminLogin({ body: { username: ADMIN.email, password: ADMIN.password } }),
      200,
    );
    [ann, ben] = await Promise.all([signedInClient(app), signedInClient(app)]);
  }, 120_000);
  afterAll(() => app?.close());

  it('shows each live workspace, newest first, with its owner’s address and its number of members', async () => {
    const first = await workspaceOf(ann, 'Payments team');
    await joined(ann, first, ben, 'viewer');
    const second = await workspaceOf(ben, 'Design crew');
    const gone = await workspaceOf(ben, 'Old project');
    expectStatus(await ben.client.api.workspaces.delete({ params: { workspaceId: gone } }), 204);
    const listed = bodyOf(await admin.api.workspaces.adminList(), 200).workspaces;
    expect(listed.map((w) => [w.id, w.name, w.ownerEmail, w.members])).toEqual([
      [second, 'Design crew', ben.email, 1],
      [first, 'Payments team', ann.email, 2],
    ]);
  });

  it('is refused to a signed-in user (403) and to no one signed in (401)', async () => {
    expectStatus(await ann.client.api.workspaces.adminList(), 403);
    expectStatus(await new TestClient(app.url).api.workspaces.adminList(), 401);
  });
});
