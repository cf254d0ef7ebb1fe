import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_TEXT } from '@scrivo/domain';
import { vocabularyDecider, vocabularyStream, workspaceGlossaryOwner } from '@scrivo/domain/vocabulary';
import { encodeVoicePrint, voicesDecider, voicesStream, workspaceVoicesOwner } from '@scrivo/domain/voices';
import { ownerVocabulary } from '../../src/recordings/support/owner-vocabulary';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { joined, type Person, workspaceOf } from './support';

describe('a workspace’s glossary: its members keep one list of names and terms, used for its recordings', () => {
  let app: TestApp;
  let ann: Person;
  let ben: Person;
  let cleo: Person;
  let ed: Person;
  let workspaceId: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    [ann, ben, cleo, ed] = await Promise.all([0, 1, 2, 3].map(() => signedInClient(app)));
    workspaceId = await workspaceOf(ann, 'Payments team');
    await joined(ann, workspaceId, ben, 'member');
    await joined(ann, workspaceId, cleo, 'viewer');
  }, 120_000);
  afterAll(() => app?.close());

  const params = () => ({ workspaceId });

  it('is replaced by a member, read by a viewer, refused to a viewer (403) and hidden from an outsider (404)', async () => {
    const terms = [{ text: 'Scrivo', soundsLike: 'scree-vo' }, { text: 'Kubernetes' }];
    const set = await ben.client.api.workspaces.setVocabulary({ params: params(), body: { terms } });
    expectStatus(set, 200);
    expect(set.body.terms).toEqual(terms);
    expect(bodyOf(await cleo.client.api.workspaces.vocabulary({ params: params() }), 200).terms).toEqual(
      terms,
    );
    const viewer = await cleo.client.api.workspaces.setVocabulary({ params: params(), body: { terms: [] } });
    expectStatus(viewer, 403);
    expect(viewer.body.message).toMatch(/Viewers/);
    expectStatus(await ed.client.api.workspaces.vocabulary({ params: params() }), 404);
    expectStatus(await ed.client.api.workspaces.setVocabulary({ params: params(), body: { terms } }), 404);
    const twice = await ben.client.api.workspaces.setVocabulary({
      params: params(),
      body: { terms: [{ text: 'Scrivo' }, { text: 'scrivo' }] },
    });
    expectStatus(twice, 400);
  });

  it('is given to the engine for a recording in the workspace before the uploader’s own terms, each term once', async () => {
    expectStatus(
      await ann.client.api.vocabulary.set({ body: { terms: [{ text: 'SCRIVO' }, { text: 'Ledgerline' }] } }),
      200,
    );
    const runner = app.scrivo.app.get(StreamRunner);
    const inWorkspace = await ownerVocabulary(runner, ann.userId, null, workspaceId);
    expect(inWorkspace.engine?.hotwords).toEqual(['Scrivo', 'Kubernetes', 'Ledgerline']);
    const personal = await ownerVocabulary(runner, ann.userId, null);
    expect(personal.engine?.hotwords).toEqual(['SCRIVO', 'Ledgerline']);
  });

  it('is erased with the workspace, its voices too: they read "[erased]" in the events, the owner’s own glossary stays', async () => {
    const runner = app.scrivo.app.get(StreamRunner);
    const glossary = vocabularyStream(workspaceGlossaryOwner(workspaceId));
    const terms = async () => (await runner.state(vocabularyDecider, glossary)).terms.map((t) => t.text);
    expect(await terms()).toEqual(['Scrivo', 'Kubernetes']);
    // A voice the team remembered (the print as the speech engine would have made it), under the same key.
    const owner = workspaceVoicesOwner(workspaceId);
    await runner.run(
      voicesDecider,
      voicesStream(owner),
      {
        type: 'RememberVoice',
        userId: owner,
        voiceId: 'team-voice',
        name: 'Ada Lovelace',
        print: encodeVoicePrint([0.6, 0.8]),
        recordingId: 'r-team',
        now: new Date().toISOString(),
      },
      { actor: { kind: 'user', id: ann.userId } },
    );
    const voiceNames = async () =>
      (await runner.state(voicesDecider, voicesStream(owner))).voices.map((v) => v.name);
    expect(await voiceNames()).toEqual(['Ada Lovelace']);
    expectStatus(await ann.client.api.workspaces.delete({ params: params() }), 204);
    await waitUntil('the workspace’s key is erased', async () =>
      (await terms()).every((text) => text === ERASED_TEXT),
    );
    expect(await voiceNames()).toEqual([ERASED_TEXT]);
    expect((await ownerVocabulary(runner, ann.userId, null)).engine?.hotwords).toEqual([
      'SCRIVO',
      'Ledgerline',
    ]);
  });
});
