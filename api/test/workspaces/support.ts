import type { GivenWorkspaceRole } from '@scrivo/contracts';
import { expect } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { TestClient } from '../support/http-client';
import { type signedInClient } from '../support/sessions';
import type { TestApp } from '../support/test-app';

export type Person = Awaited<ReturnType<typeof signedInClient>>;

/** A workspace of `owner`'s, by its name. */
export const workspaceOf = async (owner: Person, name = 'Payments team'): Promise<string> => {
  const created = await owner.client.api.workspaces.create({ body: { name } });
  expectStatus(created, 201);
  return created.body.id;
};

/** `by` invites `who` with a role, and `who` accepts through their own invitations list, as the web app would. */
export const joined = async (by: Person, workspaceId: string, who: Person, role: GivenWorkspaceRole) => {
  const invited = await by.client.api.workspaces.invite({
    params: { id: workspaceId },
    body: { email: who.email, role },
  });
  expectStatus(invited, 201);
  const waiting = bodyOf(await who.client.api.workspaces.myInvitations(), 200).invitations;
  expect(waiting.map((i) => i.id)).toContain(invited.body.id);
  const accepted = await who.client.api.workspaces.accept({ params: { invitationId: invited.body.id } });
  expectStatus(accepted, 200);
  expect(accepted.body).toMatchObject({ id: workspaceId, role });
};

/**
 * A script's client: the person's API key (write scope) as a bearer token on the typed client, no cookie at all.
 * Every call sends the key; the server looks the person's roles up on each one, as for a session.
 */
export const keyClientOf = async (app: TestApp, person: Person) => {
  const created = await person.client.api.apiKeys.create({ body: { name: 'script', scopes: ['write'] } });
  expectStatus(created, 201);
  const authorization = `Bearer ${created.body.secret}`;
  return { client: new TestClient(app.url), headers: { authorization } };
};
