import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { attack, requestFor } from './support/attack';
import { allRoutes, paramsOf, spellingsOf, type RouteCase } from './support/routes';
import { buildWorld, ownerView, tusFetch, type World } from './support/world';

/** Routes with an id that anyone may read by design, and why. */
const PUBLIC_BY_DESIGN: Record<string, string> = {
  'contract.chat.getSite': "a site's public name and whether support staff are online: the widget shows them",
  'contract.shareLinks.get': 'a shared transcript: the random token in the path is the credential',
  'contract.shareLinks.unlock': "a shared link's password check: the token in the path is the credential",
  'contract.shareLinks.media': "a shared link's media: the token in the path is the credential",
};

const REFUSED = [401, 403, 404];
/**
 * `/api/recordings/<id>%2Ftranscript` is routed to `/api/recordings/:id` with the id `<id>/transcript`: the body
 * meant for the transcript does not fit that route, and a 400 refuses it as well as a 404 would.
 */
const refusedFor = (label: string) => (label === 'encoded last slash' ? [...REFUSED, 400] : REFUSED);

const idRoutes = allRoutes.filter((r) => paramsOf(r.path).length > 0 && !PUBLIC_BY_DESIGN[r.name]);
const adminOnly = (route: RouteCase) => route.path.startsWith('/api/admin/');

describe('ownership matrix: no route with an id answers anyone but its owner, however the path is spelled', () => {
  let app: TestApp;
  let world: World;
  let strangerChatToken: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', SCRIVO_AUTH_RATE_LIMIT_SCALE: '0' });
    world = await buildWorld(app);
    // A genuine chat token, for another session: what an attacker can get by opening the widget themselves.
    const theirs = await world.otherUser.client.post('/api/chat/sessions', {
      siteKey: 'scrivo-app',
      contextPage: '/',
      hostOrigin: app.url,
    });
    strangerChatToken = theirs.body.token as string;
  }, 120_000);
  afterAll(() => app?.close());

  it('covers every route with an id in the contract, tus, media, exports and the event streams', () => {
    const names = idRoutes.map((r) => r.name);
    for (const name of [
      'contract.recordings.get',
      'contract.recordings.media',
      'contract.recordings.export',
      'contract.shareLinks.list',
      'contract.shareLinks.revoke',
      'contract.webhooks.deliveries',
      'contract.webhooks.remove',
      'contract.webhooks.sendTest',
      'contract.summaries.request',
      'contract.summaries.edit',
      'contract.translations.get',
      'contract.translations.request',
      'contract.library.renameFolder',
      'contract.library.deleteFolder',
      'contract.library.renameTag',
      'contract.library.deleteTag',
      'contract.workspaces.get',
      'contract.workspaces.rename',
      'contract.workspaces.delete',
      'contract.workspaces.invite',
      'contract.workspaces.revokeInvitation',
      'contract.workspaces.accept',
      'contract.workspaces.changeRole',
      'contract.workspaces.removeMember',
      'contract.workspaces.leave',
      'contract.workspaces.transfer',
      'contract.adminChat.respond',
      'tus.patch',
      'tus.delete',
      'tus.head',
      'chat.visitorEvents',
    ])
      expect(names).toContain(name);
  });

  it('answers 401, 403 or 404 to another user, an admin and an anonymous caller, and nothing changes', async () => {
    const before = await ownerView(world);
    expect(before.recording[0]).toBe(200);
    expect(before.upload).toEqual([200, String(64 * 1024)]);
    const attackers: [string, TestClient | null][] = [
      ['another user', world.otherUser.client],
      ['an admin', world.admin],
      ['anonymous', null],
    ];
    const wrong: string[] = [];
    for (const route of idRoutes) {
      const request = requestFor(route, { chatToken: strangerChatToken, uploadOffset: String(64 * 1024) });
      for (const spelling of spellingsOf(route.path, world.ids)) {
        for (const [who, client] of attackers) {
          // Support staff answer every chat: the admin routes are theirs by design.
          if (who === 'an admin' && adminOnly(route)) continue;
          const status = await attack(app.url, client, route.method, spelling.path + request.query, request);
          if (!refusedFor(spelling.label).includes(status))
            wrong.push(`${route.method} ${spelling.path} (${spelling.label}) as ${who}: ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await ownerView(world)).toEqual(before);
  }, 300_000);

  it('still serves the owner at the canonical path (the refusals above are not a broken route)', async () => {
    const { owner, ids } = world;
    expect((await owner.client.get(`/api/recordings/${ids.id}/media`)).status).toBe(200);
    expect((await owner.client.get(`/api/recordings/${ids.id}/export?format=txt`)).status).toBe(200);
    expect((await tusFetch(owner.client, `${app.url}/api/uploads/${ids.uploadId}`, 'HEAD')).status).toBe(200);
  });
});
