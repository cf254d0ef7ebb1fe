import { recordingDecider, recordingStream } from '@scrivo/domain/recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { completedRecording } from '../recordings/support/completed-recording';
import { bodyOf, expectStatus } from '../support/expect-status';
import { unchecked } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { joined, type Person, workspaceOf } from './support';

describe('a recording moves between its uploader’s personal space and workspaces', () => {
  let app: TestApp;
  let ann: Person;
  let ben: Person;
  let dina: Person;
  let team: string;
  let board: string;
  let recordingId: string;

  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    [ann, ben, dina] = await Promise.all([0, 1, 2].map(() => signedInClient(app)));
    team = await workspaceOf(ben, 'Payments team');
    await joined(ben, team, ann, 'member');
    board = await workspaceOf(ben, 'Board');
    await joined(ben, board, ann, 'viewer');
    recordingId = await completedRecording(app, ann.client);
  }, 120_000);
  afterAll(() => app?.close());

  const moveAs = (who: Person, workspaceId: string | null) =>
    who.client.api.recordings.move({ params: { id: recordingId }, body: { workspaceId } });
  const listed = async (who: Person, workspaceId: string) =>
    bodyOf(await who.client.api.recordings.list({ query: { workspaceId } }), 200).items.map((r) => r.id);

  it('moves the uploader’s recording into a workspace where they are a member: its members see it there', async () => {
    const moved = await moveAs(ann, team);
    expectStatus(moved, 200);
    expect(moved.body.workspaceId).toBe(team);
    expect(await listed(ben, team)).toContain(recordingId);
    expect(
      bodyOf(await ben.client.api.recordings.get({ params: { id: recordingId } }), 200).workspaceId,
    ).toBe(team);
    // The uploader's own list still has it, as for any upload of theirs into a workspace.
    const own = bodyOf(await ann.client.api.recordings.list({ query: {} }), 200).items.map((r) => r.id);
    expect(own).toContain(recordingId);
  });

  it('transcribes it from then on as the workspace’s (its glossary and voices)', async () => {
    const runner = app.scrivo.app.get(StreamRunner);
    const { state } = await runner.load(recordingDecider, recordingStream(recordingId));
    expect(state.workspaceId).toBe(team);
  });

  it('is the uploader’s alone to move: the workspace’s owner is refused (403), an outsider told nothing (404)', async () => {
    const byOwner = await moveAs(ben, null);
    expectStatus(byOwner, 403);
    expect(byOwner.body.message).toMatch(/uploaded/);
    expectStatus(await moveAs(dina, null), 404);
  });

  it('refuses a workspace where the uploader is a viewer (403) or not a member (404), and a malformed body (400)', async () => {
    const viewer = await moveAs(ann, board);
    expectStatus(viewer, 403);
    expect(viewer.body.message).toMatch(/Viewers/);
    const elsewhere = await workspaceOf(dina, 'Elsewhere');
    expectStatus(await moveAs(ann, elsewhere), 404);
    expectStatus(await moveAs(ann, 'no-such-workspace'), 404);
    const empty = await ann.client.api.recordings.move({
      params: { id: recordingId },
      body: unchecked({ workspaceId: '' }),
    });
    expectStatus(empty, 400);
    expectStatus(
      await ann.client.api.recordings.move({ params: { id: recordingId }, body: unchecked({}) }),
      400,
    );
  });

  it('moves it back to the personal space: the workspace’s members no longer see it', async () => {
    const home = await moveAs(ann, null);
    expectStatus(home, 200);
    expect(home.body.workspaceId).toBeNull();
    expect(await listed(ben, team)).not.toContain(recordingId);
    expectStatus(await ben.client.api.recordings.get({ params: { id: recordingId } }), 404);
    // Asking again changes nothing.
    expectStatus(await moveAs(ann, null), 200);
  });
});
