import type { GivenWorkspaceRole } from '@scrivo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { completedInWorkspace, joined, keyClientOf, type Person, workspaceOf } from '../workspaces/support';
import { encodeVoicePrint, voicesDecider, voicesStream, workspaceVoicesOwner } from '@scrivo/domain/voices';
import {
  type LibraryCommand,
  libraryDecider,
  libraryStream,
  workspaceLibraryOwner,
} from '@scrivo/domain/library';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { attack, requestFor } from './support/attack';
import { allRoutes, fill, paramsOf, SAFE_METHODS, type RouteCase } from './support/routes';

/**
 * What each route on a recording asks of a workspace's member who did not upload it: `read` and `export` (viewers
 * too), `comment` and `edit` (members and up), `uploader` (only the person who uploaded it: it spends their minutes
 * or is theirs alone), `author` (a comment's own author, or the uploader to remove it).
 */
type Needs = 'read' | 'export' | 'comment' | 'edit' | 'uploader' | 'author';
const NEEDS: Readonly<Record<string, Needs>> = {
  'contract.recordings.get': 'read',
  'contract.recordings.transcript': 'read',
  'contract.recordings.annotations': 'read',
  'contract.recordings.media': 'read',
  'contract.summaries.get': 'read',
  'contract.translations.list': 'read',
  'contract.translations.get': 'read',
  'contract.questions.ask': 'read',
  'contract.recordings.export': 'export',
  'contract.recordings.addAnnotation': 'comment',
  'contract.recordings.update': 'edit',
  'contract.recordings.pin': 'edit',
  'contract.recordings.editTranscript': 'edit',
  'contract.recordings.restructureTranscript': 'edit',
  // A member asks for (and stops) a summary or a translation of the workspace's recording; the uploader's plan pays.
  'contract.summaries.request': 'edit',
  'contract.summaries.cancel': 'edit',
  'contract.translations.request': 'edit',
  'contract.translations.cancel': 'edit',
  'contract.recordings.editAnnotation': 'author',
  'contract.recordings.removeAnnotation': 'author',
  'contract.recordings.remove': 'uploader',
  'contract.recordings.move': 'uploader',
  'contract.recordings.restore': 'uploader',
  'contract.recordings.cancel': 'uploader',
  'contract.recordings.retry': 'uploader',
  'contract.shareLinks.create': 'uploader',
  'contract.shareLinks.list': 'uploader',
  'contract.shareLinks.revoke': 'uploader',
  'contract.summaries.edit': 'uploader',
};
type Role = 'owner' | GivenWorkspaceRole | 'removed member' | 'outsider';
const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'viewer', 'removed member', 'outsider'];
const MAY: Readonly<Record<Needs, readonly Role[]>> = {
  read: ['owner', 'admin', 'member', 'viewer'],
  export: ['owner', 'admin', 'member', 'viewer'],
  comment: ['owner', 'admin', 'member'],
  edit: ['owner', 'admin', 'member'],
  uploader: [],
  author: [],
};
/** Members whose role does not allow it are told why (403); anyone else is told nothing of the id (404). */
const expected = (needs: Needs, role: Role): 'allowed' | 403 | 404 =>
  role === 'removed member' || role === 'outsider' ? 404 : MAY[needs].includes(role) ? 'allowed' : 403;

const recordingRoutes = allRoutes.filter((r) => r.path.startsWith('/api/recordings/:id'));

/**
 * What each route on what a workspace's members share (its glossary, its remembered voices) asks of the caller's
 * role there: `read` (viewers too) or `edit` (members and up).
 */
const SHARED_NEEDS: Readonly<Record<string, 'read' | 'edit'>> = {
  'contract.workspaces.vocabulary': 'read',
  'contract.workspaces.setVocabulary': 'edit',
  'contract.workspaces.voices': 'read',
  'contract.workspaces.rememberVoice': 'edit',
  'contract.workspaces.renameVoice': 'edit',
  'contract.workspaces.forgetVoice': 'edit',
  'contract.workspaces.library': 'read',
  'contract.workspaces.createFolder': 'edit',
  'contract.workspaces.renameFolder': 'edit',
  'contract.workspaces.deleteFolder': 'edit',
  'contract.workspaces.createTag': 'edit',
  'contract.workspaces.renameTag': 'edit',
  'contract.workspaces.deleteTag': 'edit',
  'contract.workspaces.fileRecordings': 'edit',
  'contract.workspaces.tagRecordings': 'edit',
};
const sharedRoutes = allRoutes.filter((r) =>
  /^\/api\/workspaces\/:workspaceId\/(vocabulary|voices|library)/.test(r.path),
);

describe('workspace role matrix: every route on a recording, by every role, with a session and with an API key', () => {
  let app: TestApp;
  let uploader: Person;
  const people = new Map<Role, Person>();
  const keys = new Map<Role, Record<string, string>>();
  let values: Record<string, string>;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false', SCRIVO_AUTH_RATE_LIMIT_SCALE: '0' });
    const all = await Promise.all(ROLES.map(() => signedInClient(app, { plan: 'premium' })));
    ROLES.forEach((role, i) => people.set(role, all[i]!));
    // Business Pro: a member's summary request is paid by the uploader's plan, so it is one that has summaries
    // (and a cancel then finds one to stop).
    uploader = await signedInClient(app, { plan: 'business_pro' });
    const owner = people.get('owner')!;
    const workspaceId = await workspaceOf(owner, 'Matrix');
    await joined(owner, workspaceId, uploader, 'member');
    for (const role of ['admin', 'member', 'viewer', 'removed member'] as const)
      await joined(owner, workspaceId, people.get(role)!, role === 'removed member' ? 'member' : role);
    const id = await completedInWorkspace(app, uploader, workspaceId, 'Matrix sync');
    const noted = await uploader.client.api.recordings.addAnnotation({
      params: { id },
      body: { kind: 'comment', start: 0, end: 1, comment: 'The uploader’s note' },
    });
    expectStatus(noted, 201);
    const annotationId = noted.body.annotations[0]!.id;
    values = {
      id,
      annotationId,
      linkId: 'no-such-link',
      target: 'de',
      workspaceId,
      voiceId: 'team-voice',
      folderId: 'team-folder',
      tagId: 'team-tag',
    };
    for (const role of ROLES) keys.set(role, (await keyClientOf(app, people.get(role)!)).headers);
    expectStatus(
      await owner.client.api.workspaces.removeMember({
        params: { workspaceId, userId: people.get('removed member')!.userId },
      }),
      204,
    );
  }, 180_000);
  afterAll(() => app?.close());

  it('says what every route on a recording needs: a new one fails here until it is placed', () => {
    expect(recordingRoutes.map((r) => r.name).sort()).toEqual(Object.keys(NEEDS).sort());
    expect(sharedRoutes.map((r) => r.name).sort()).toEqual(Object.keys(SHARED_NEEDS).sort());
  });

  const send = (route: RouteCase, as: { person: Person | null; headers?: Record<string, string> }) => {
    const request = requestFor(route, { chatToken: '', recordingId: values.id });
    const path = `${fill(route.path, values)}${request.query}`;
    return attack(app.url, as.person?.client ?? null, route.method, path, {
      body: request.body,
      headers: { ...request.headers, ...as.headers },
    });
  };

  /** Each role's answers (session and API key) that are not what `want` says, before each send `prepare`d. */
  const mismatches = async (
    routes: readonly RouteCase[],
    want: (route: RouteCase, role: Role) => 'allowed' | 403 | 404,
    prepare: (route: RouteCase) => Promise<void> = async () => {},
  ) => {
    const wrong: string[] = [];
    for (const route of routes) {
      expect(paramsOf(route.path).every((p) => p in values)).toBe(true);
      // A read answers a member who may read exactly as it answers the uploader (a summary not made yet is a 404
      // for both); a write they may do is not refused.
      const reference = SAFE_METHODS.has(route.method) ? await send(route, { person: uploader }) : null;
      for (const role of ROLES) {
        const expectedStatus = want(route, role);
        for (const [how, as] of [
          ['session', { person: people.get(role)! }],
          ['API key', { person: null, headers: keys.get(role)! }],
        ] as const) {
          await prepare(route);
          const status = await send(route, as);
          const ok =
            expectedStatus === 'allowed'
              ? reference !== null
                ? status === reference
                : ![401, 403, 404].includes(status)
              : status === expectedStatus;
          if (!ok)
            wrong.push(
              `${route.method} ${route.path} as ${role} (${how}): ${status}, expected ${expectedStatus}`,
            );
        }
      }
    }
    return wrong;
  };

  it('answers each role as its role allows, and the same with its API key', async () => {
    expect(await mismatches(recordingRoutes, (route, role) => expected(NEEDS[route.name]!, role))).toEqual(
      [],
    );
  }, 300_000);

  it('answers each role on the workspace’s glossary, voices, folders and tags as its role allows, and the same with its API key', async () => {
    const runner = app.scrivo.app.get(StreamRunner);
    const owner = workspaceVoicesOwner(values.workspaceId!);
    // The voice the routes name is there before each try (a member's forget takes it away).
    const voicePresent = () =>
      runner.run(
        voicesDecider,
        voicesStream(owner),
        {
          type: 'RememberVoice',
          userId: owner,
          voiceId: values.voiceId!,
          name: 'Team voice',
          print: encodeVoicePrint(Array.from({ length: 192 }, (_, i) => Math.sin(i))),
          recordingId: values.id!,
          now: runner.now(),
        },
        { actor: { kind: 'user', id: uploader.userId } },
      );
    // So are the folder and the tag (a member's delete takes them away; a create of one already there is nothing).
    const library = libraryStream(workspaceLibraryOwner(values.workspaceId!));
    const labelsPresent = async () => {
      const meta = { actor: { kind: 'user' as const, id: uploader.userId } };
      const userId = workspaceLibraryOwner(values.workspaceId!);
      for (const [type, key, name] of [
        ['CreateFolder', 'folderId', 'Team folder'],
        ['CreateTag', 'tagId', 'Team tag'],
      ] as const)
        await runner.run(
          libraryDecider,
          library,
          { type, userId, [key]: values[key]!, name, now: runner.now() } as LibraryCommand,
          meta,
        );
    };
    const wrong = await mismatches(
      sharedRoutes,
      (route, role) => expected(SHARED_NEEDS[route.name]!, role),
      async () => {
        await voicePresent();
        await labelsPresent();
      },
    );
    expect(wrong).toEqual([]);
  }, 300_000);

  it('leaves the uploader’s recording as the allowed edits made it, and readable to the uploader', async () => {
    const page = bodyOf(await uploader.client.api.recordings.get({ params: { id: values.id! } }), 200);
    expect(page.title).toBe('Taken over');
  });
});
