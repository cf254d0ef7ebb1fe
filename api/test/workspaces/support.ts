import type { GivenWorkspaceRole } from '@scrivo/contracts';
import type { RecordingEvent, TranscriptBody } from '@scrivo/domain/recordings';
import { expect } from 'vitest';
import { bodyOf, expectStatus } from '../support/expect-status';
import { TestClient } from '../support/http-client';
import { type signedInClient } from '../support/sessions';
import type { TestApp } from '../support/test-app';
import { waitUntil } from '../support/wait-until';
import { StreamRunner } from '../../src/infrastructure/stream-runner';
import { JFK, JFK_TRANSCRIPT } from '../recordings/support/completed-recording';
import { startedAsWorker } from '../recordings/support/test-worker';

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
    params: { workspaceId },
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

/** A completed recording uploaded into a workspace (the real multipart upload, then the job's completion). */
export const completedInWorkspace = async (
  app: TestApp,
  uploader: Person,
  workspaceId: string,
  title: string,
  transcript: TranscriptBody = JFK_TRANSCRIPT,
) => {
  const form = new FormData();
  form.set('file', new Blob([JFK]), 'jfk.wav');
  form.set('title', title);
  form.set('workspaceId', workspaceId);
  const created = await uploader.client.api.recordings.create({ body: form });
  expectStatus(created, 201);
  expect(created.body.workspaceId).toBe(workspaceId);
  const { id } = created.body;
  await (await startedAsWorker(app.scrivo.app.get(StreamRunner), id)).complete(transcript);
  await waitUntil(
    'the recording shows as completed',
    async () =>
      bodyOf(await uploader.client.api.recordings.get({ params: { id } }), 200).status === 'completed',
  );
  return id;
};

/** The tus creation request a browser sends first, with the workspace in its Upload-Metadata. */
export const tusCreateInto = (app: TestApp, person: Person, workspaceId: string) => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const cookies = person.client.cookieHeader;
  return fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: {
      cookie: cookies,
      'X-CSRF-Token': /scrivo_csrf=([^;]+)/.exec(cookies)?.[1] ?? '',
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(JFK.length),
      'Upload-Metadata': `filename ${b64('jfk.wav')},workspaceId ${b64(workspaceId)}`,
    },
  });
};

export const DAY_MS = 24 * 3600 * 1000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** A recording uploaded `days` ago into a workspace, or the owner's own space (null), its media stored: the events the upload leaves. */
export const uploadedDaysAgo = (
  id: string,
  ownerId: string,
  workspaceId: string | null,
  title: string,
  days: number,
) => {
  const at = daysAgo(days);
  const events: RecordingEvent[] = [
    {
      type: 'RecordingCreated',
      data: {
        recordingId: id,
        ownerId,
        workspaceId,
        title,
        originalFilename: 'meeting.wav',
        source: 'multipart',
        uploadId: null,
        declaredSizeBytes: 100,
        options: { language: null, translate: false },
        createdAt: at,
      },
    },
    {
      type: 'RecordingUploadCompleted',
      data: { recordingId: id, blobKey: `recordings/${id}/original`, sizeBytes: 100, completedAt: at },
    },
  ];
  return events;
};
