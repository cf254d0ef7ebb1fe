import { encodeVoicePrint, voicesDecider, voicesStream, workspaceVoicesOwner } from '@scrivo/domain/voices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { ownerVoices } from '../../src/recordings/support/owner-voices';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { completedInWorkspace, joined, type Person, workspaceOf } from './support';

/** A voice print as the speech worker makes one (this app runs no worker): 192 numbers, one per voice. */
const printOf = (seed: number) => encodeVoicePrint(Array.from({ length: 192 }, (_, i) => Math.sin(i * seed)));

describe('a workspace’s remembered voices: one list of people its members name once, for every recording in it', () => {
  let app: TestApp;
  let runner: StreamRunner;
  let ann: Person;
  let ben: Person;
  let cleo: Person;
  let dina: Person;
  let workspaceId: string;
  let recordingId: string;

  /** A voice remembered as POST .../voices remembers it once the worker has made the print. */
  const remembered = async (owner: string, voiceId: string, name: string, seed: number) => {
    await runner.run(
      voicesDecider,
      voicesStream(owner),
      {
        type: 'RememberVoice',
        userId: owner,
        voiceId,
        name,
        print: printOf(seed),
        recordingId,
        now: runner.now(),
      },
      { actor: { kind: 'user', id: ann.userId } },
    );
  };

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    runner = app.scrivo.app.get(StreamRunner);
    [ann, ben, cleo, dina] = await Promise.all([0, 1, 2, 3].map(() => signedInClient(app)));
    workspaceId = await workspaceOf(ann, 'Payments team');
    await joined(ann, workspaceId, ben, 'member');
    await joined(ann, workspaceId, cleo, 'viewer');
    recordingId = await completedInWorkspace(app, ann, workspaceId, 'Weekly sync');
  }, 120_000);
  afterAll(() => app?.close());

  const params = () => ({ workspaceId });

  it('lets a member remember a speaker of the workspace’s recording, a viewer not (403), an outsider nothing (404)', async () => {
    const body = () => ({ recordingId, speaker: 'SPEAKER_00', name: 'Jack Kennedy' });
    const viewer = await cleo.client.api.workspaces.rememberVoice({ params: params(), body: body() });
    expectStatus(viewer, 403);
    expect(viewer.body.message).toMatch(/Viewers/);
    expectStatus(await dina.client.api.workspaces.rememberVoice({ params: params(), body: body() }), 404);
    const stranger = await ben.client.api.workspaces.rememberVoice({
      params: params(),
      body: { ...body(), speaker: 'Nobody here' },
    });
    expectStatus(stranger, 422);
    expect(stranger.body.code).toBe('SPEAKER_NOT_IN_RECORDING');
    // Every check passed: only the print is left, and this app has no speech worker to make it.
    const member = await ben.client.api.workspaces.rememberVoice({ params: params(), body: body() });
    expectStatus(member, 503);
  });

  it('takes a voice only from a recording in the workspace or the caller’s own, never another team’s', async () => {
    const elsewhere = await workspaceOf(ann, 'Another team');
    await joined(ann, elsewhere, ben, 'member');
    const theirs = await completedInWorkspace(app, ann, elsewhere, 'Their sync');
    const taken = await ben.client.api.workspaces.rememberVoice({
      params: params(),
      body: { recordingId: theirs, speaker: 'SPEAKER_00', name: 'Jack Kennedy' },
    });
    expectStatus(taken, 404);
  });

  it('is listed to every member, renamed and forgotten by members and up, and hidden from an outsider', async () => {
    await remembered(workspaceVoicesOwner(workspaceId), 'team-ada', 'Ada', 1);
    await remembered(workspaceVoicesOwner(workspaceId), 'team-bert', 'Bert', 2);
    const listed = bodyOf(await cleo.client.api.workspaces.voices({ params: params() }), 200);
    expect(listed.voices.map((v) => v.name)).toEqual(['Ada', 'Bert']);
    expectStatus(await dina.client.api.workspaces.voices({ params: params() }), 404);
    const voice = (voiceId: string) => ({ workspaceId, voiceId });
    const renamed = await ben.client.api.workspaces.renameVoice({
      params: voice('team-ada'),
      body: { name: 'Ada Lovelace' },
    });
    expectStatus(renamed, 200);
    expect(renamed.body).toEqual({ id: 'team-ada', name: 'Ada Lovelace' });
    expectStatus(
      await cleo.client.api.workspaces.renameVoice({ params: voice('team-ada'), body: { name: 'Cleo' } }),
      403,
    );
    expectStatus(await cleo.client.api.workspaces.forgetVoice({ params: voice('team-bert') }), 403);
    expectStatus(await dina.client.api.workspaces.forgetVoice({ params: voice('team-bert') }), 404);
    expectStatus(await ben.client.api.workspaces.forgetVoice({ params: voice('no-such-voice') }), 404);
    expectStatus(await ben.client.api.workspaces.forgetVoice({ params: voice('team-bert') }), 204);
    const after = bodyOf(await ben.client.api.workspaces.voices({ params: params() }), 200);
    expect(after.voices.map((v) => v.name)).toEqual(['Ada Lovelace']);
    // The account's own list is not the workspace's.
    expect(bodyOf(await ben.client.api.voices.list(), 200).voices).toEqual([]);
  });

  it('names the speakers of a recording in the workspace with its voices first, then the uploader’s others', async () => {
    await remembered(ann.userId, 'ann-ada', 'ada lovelace', 3);
    await remembered(ann.userId, 'ann-carl', 'Carl', 4);
    const inWorkspace = await ownerVoices(runner, ann.userId, workspaceId);
    expect(inWorkspace.map((v) => [v.id, v.name])).toEqual([
      ['team-ada', 'Ada Lovelace'],
      ['ann-carl', 'Carl'],
    ]);
    const personal = await ownerVoices(runner, ann.userId);
    expect(personal.map((v) => v.name)).toEqual(['ada lovelace', 'Carl']);
    // A member's recording there is named with the team's voices, not the uploader's colleague's own.
    expect((await ownerVoices(runner, ben.userId, workspaceId)).map((v) => v.name)).toEqual(['Ada Lovelace']);
  });
});
