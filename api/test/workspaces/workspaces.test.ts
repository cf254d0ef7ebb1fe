import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../accounts/support/outbox';
import { bodyOf, expectStatus } from '../support/expect-status';
import { unchecked } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { joined, keyClientOf, type Person, workspaceOf } from './support';

describe('workspaces: people share one, with roles, and a removal ends access at the next request', () => {
  let app: TestApp;
  let ann: Person;
  let ben: Person;
  let cleo: Person;
  let dina: Person;
  let workspaceId: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    [ann, ben, cleo, dina] = await Promise.all([0, 1, 2, 3].map(() => signedInClient(app)));
    workspaceId = await workspaceOf(ann);
    await joined(ann, workspaceId, ben, 'member');
    await joined(ann, workspaceId, cleo, 'viewer');
  }, 120_000);
  afterAll(() => app?.close());

  it('is created by anyone with a name, its creator the owner; a bad name is a 400 that says why', async () => {
    const created = await ann.client.api.workspaces.create({ body: { name: '  Design   crew ' } });
    expectStatus(created, 201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Design crew' });
    const listed = bodyOf(await ann.client.api.workspaces.list(), 200).workspaces;
    expect(listed).toContainEqual({ id: created.body.id, name: 'Design crew', role: 'owner' });
    const empty = await ann.client.api.workspaces.create({ body: { name: '   ' } });
    expectStatus(empty, 400);
    expect(empty.body.message).toBe('A workspace needs a name.');
    const long = await ann.client.api.workspaces.create({ body: { name: 'x'.repeat(81) } });
    expectStatus(long, 400);
    expect(long.body.message).toMatch(/at most 80 characters/);
    expectStatus(await ann.client.api.workspaces.create({ body: unchecked({}) }), 400);
  });

  it('lists each member’s workspaces with their role, and shows the members page', async () => {
    expect(bodyOf(await ben.client.api.workspaces.list(), 200).workspaces).toEqual([
      { id: workspaceId, name: 'Payments team', role: 'member' },
    ]);
    expect(bodyOf(await dina.client.api.workspaces.list(), 200).workspaces).toEqual([]);
    const page = bodyOf(await ann.client.api.workspaces.get({ params: { workspaceId } }), 200);
    expect(page.members.map((m) => [m.email, m.role])).toEqual([
      [ann.email, 'owner'],
      [ben.email, 'member'],
      [cleo.email, 'viewer'],
    ]);
    expect(page.members[0]!.name).toBe('Test User');
    // Pending invitations are for those who manage members.
    const invited = await ann.client.api.workspaces.invite({
      params: { workspaceId },
      body: { email: 'Pending@Example.com', role: 'viewer' },
    });
    expectStatus(invited, 201);
    expect(bodyOf(await ann.client.api.workspaces.get({ params: { workspaceId } }), 200).invitations).toEqual(
      [{ id: invited.body.id, email: 'pending@example.com', role: 'viewer', invitedAt: expect.any(String) }],
    );
    expect(
      bodyOf(await cleo.client.api.workspaces.get({ params: { workspaceId } }), 200).invitations,
    ).toEqual([]);
    const again = await ann.client.api.workspaces.invite({
      params: { workspaceId },
      body: { email: 'pending@example.com', role: 'member' },
    });
    expectStatus(again, 409);
    expectStatus(
      await ann.client.api.workspaces.revokeInvitation({
        params: { workspaceId, invitationId: invited.body.id },
      }),
      204,
    );
    expect(bodyOf(await ann.client.api.workspaces.get({ params: { workspaceId } }), 200).invitations).toEqual(
      [],
    );
  });

  it('refuses bad invitations with a 400 that says why', async () => {
    const invite = (body: unknown) =>
      ann.client.api.workspaces.invite({ params: { workspaceId }, body: unchecked(body) });
    expectStatus(await invite({ email: 'not an address', role: 'member' }), 400);
    expectStatus(await invite({ email: 'x@example.com', role: 'owner' }), 400);
    expectStatus(await invite({ email: 'x@example.com' }), 400);
  });

  it('is accepted only by the account whose verified address it was sent to', async () => {
    const eve = await signedInClient(app);
    const invited = await ann.client.api.workspaces.invite({
      params: { workspaceId },
      body: { email: eve.email, role: 'member' },
    });
    expectStatus(invited, 201);
    // The address is told by email (the outbox here), with the workspace, the role and the way in.
    const mail = await latestMailTo(app.dataDir, eve.email, 'workspace-invitation');
    expect(mail.subject).toBe('You are invited to “Payments team” on Scrivo');
    expect(mail.text).toContain('as a member (you will upload, edit and comment on its recordings)');
    expect(mail.text).toContain(`${app.url}/auth`);
    // Dina has its id, not its address: not found, and not in her list.
    expect(bodyOf(await dina.client.api.workspaces.myInvitations(), 200).invitations).toEqual([]);
    expectStatus(await dina.client.api.workspaces.accept({ params: { invitationId: invited.body.id } }), 404);
    expectStatus(await dina.client.api.workspaces.get({ params: { workspaceId } }), 404);
    expect(bodyOf(await eve.client.api.workspaces.myInvitations(), 200).invitations).toEqual([
      {
        id: invited.body.id,
        workspaceId,
        workspaceName: 'Payments team',
        role: 'member',
        invitedAt: expect.any(String),
      },
    ]);
    expectStatus(await eve.client.api.workspaces.accept({ params: { invitationId: invited.body.id } }), 200);
    // Used once: it is no longer waiting, and a second accept finds nothing.
    expect(bodyOf(await eve.client.api.workspaces.myInvitations(), 200).invitations).toEqual([]);
    expectStatus(await eve.client.api.workspaces.accept({ params: { invitationId: invited.body.id } }), 404);
    expectStatus(await eve.client.api.workspaces.leave({ params: { workspaceId } }), 204);
    expectStatus(await eve.client.api.workspaces.get({ params: { workspaceId } }), 404);
  });

  it('writes the invitation in the invited account’s language, else (no account yet) in the inviter’s', async () => {
    const [fay, gus] = await Promise.all([signedInClient(app), signedInClient(app)]);
    expectStatus(await fay.client.api.accounts.updateAccount({ body: { language: 'fr' } }), 200);
    expectStatus(await gus.client.api.accounts.updateAccount({ body: { language: 'es' } }), 200);
    const gusTeam = await gus.client.api.workspaces.create({ body: { name: 'Equipo' } });
    expectStatus(gusTeam, 201);
    const inviteTo = async (email: string) =>
      expectStatus(
        await gus.client.api.workspaces.invite({
          params: { workspaceId: gusTeam.body.id },
          body: { email, role: 'viewer' },
        }),
        201,
      );
    await inviteTo(fay.email);
    const french = await latestMailTo(app.dataDir, fay.email, 'workspace-invitation');
    expect(french.subject).toBe('Vous êtes invité à « Equipo » sur Scrivo');
    expect(french.text).toContain('en tant que lecteur');
    const nobody = `nobody-yet-${Date.now()}@example.com`;
    await inviteTo(nobody);
    const spanish = await latestMailTo(app.dataDir, nobody, 'workspace-invitation');
    expect(spanish.subject).toBe('Te invitan a «Equipo» en Scrivo');
    expect(spanish.text).toContain(`${app.url}/auth`);
  });

  it('answers an outsider 404 on every route, and a role too low 403 with a clear message', async () => {
    const id = workspaceId;
    const outsider = dina.client.api.workspaces;
    const answers = await Promise.all([
      outsider.get({ params: { workspaceId: id } }),
      outsider.rename({ params: { workspaceId: id }, body: { name: 'Mine' } }),
      outsider.invite({ params: { workspaceId: id }, body: { email: 'x@example.com', role: 'viewer' } }),
      outsider.changeRole({ params: { workspaceId: id, userId: ben.userId }, body: { role: 'viewer' } }),
      outsider.removeMember({ params: { workspaceId: id, userId: ben.userId } }),
      outsider.revokeInvitation({ params: { workspaceId: id, invitationId: 'nope' } }),
      outsider.leave({ params: { workspaceId: id } }),
      outsider.transfer({ params: { workspaceId: id }, body: { userId: dina.userId } }),
      outsider.delete({ params: { workspaceId: id } }),
      ann.client.api.workspaces.get({ params: { workspaceId: 'no-such-workspace' } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    const viewerInvites = await cleo.client.api.workspaces.invite({
      params: { workspaceId: id },
      body: { email: 'x@example.com', role: 'viewer' },
    });
    expectStatus(viewerInvites, 403);
    expect(viewerInvites.body.message).toBe(
      'Only the owner and admins of this workspace manage its members.',
    );
    const memberRenames = await ben.client.api.workspaces.rename({
      params: { workspaceId: id },
      body: { name: 'Ours' },
    });
    expectStatus(memberRenames, 403);
    expect(memberRenames.body.message).toBe('Only the owner of this workspace can do this.');
  });

  it('changes roles, and a removed member is refused at the next request, by session and by API key', async () => {
    const id = workspaceId;
    const script = await keyClientOf(app, ben);
    expectStatus(
      await script.client.api.workspaces.get({ params: { workspaceId: id }, extraHeaders: script.headers }),
      200,
    );
    const changed = await ann.client.api.workspaces.changeRole({
      params: { workspaceId: id, userId: cleo.userId },
      body: { role: 'member' },
    });
    expectStatus(changed, 200);
    expect(changed.body.members.find((m) => m.userId === cleo.userId)?.role).toBe('member');
    expectStatus(
      await ann.client.api.workspaces.changeRole({
        params: { workspaceId: id, userId: cleo.userId },
        body: { role: 'viewer' },
      }),
      200,
    );
    expectStatus(
      await ann.client.api.workspaces.removeMember({ params: { workspaceId: id, userId: ben.userId } }),
      204,
    );
    expectStatus(await ben.client.api.workspaces.get({ params: { workspaceId: id } }), 404);
    expectStatus(
      await script.client.api.workspaces.get({ params: { workspaceId: id }, extraHeaders: script.headers }),
      404,
    );
    expect(bodyOf(await ben.client.api.workspaces.list(), 200).workspaces).toEqual([]);
  });

  it('is handed over by its owner, who stays as an admin, and deleted by the new owner for everyone', async () => {
    const id = await workspaceOf(ann, 'Handover');
    await joined(ann, id, dina, 'member');
    const handed = await ann.client.api.workspaces.transfer({
      params: { workspaceId: id },
      body: { userId: dina.userId },
    });
    expectStatus(handed, 200);
    expect(handed.body.role).toBe('admin');
    expect(handed.body.members.map((m) => [m.userId, m.role])).toEqual([
      [dina.userId, 'owner'],
      [ann.userId, 'admin'],
    ]);
    const leaving = await dina.client.api.workspaces.leave({ params: { workspaceId: id } });
    expectStatus(leaving, 403);
    expect(leaving.body.message).toMatch(/Hand the workspace over/);
    expectStatus(
      await dina.client.api.workspaces.rename({ params: { workspaceId: id }, body: { name: 'Renamed' } }),
      200,
    );
    expectStatus(await ann.client.api.workspaces.delete({ params: { workspaceId: id } }), 403);
    expectStatus(await dina.client.api.workspaces.delete({ params: { workspaceId: id } }), 204);
    expectStatus(await ann.client.api.workspaces.get({ params: { workspaceId: id } }), 404);
    expectStatus(await dina.client.api.workspaces.get({ params: { workspaceId: id } }), 404);
    expect(bodyOf(await dina.client.api.workspaces.list(), 200).workspaces).toEqual([]);
  });
});
