// The accounts the load runs as, made through the API as people and the operator make them: sign-up by email code,
// Business Pro set from the operator's console (so questions and summaries are allowed), a few clips transcribed
// for real so the library, search, transcript and export pages have something to read, and a share link on each.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { signUpOver } from '../../api/test/support/api-process';
import { TestClient } from '../../api/test/support/http-client';
import { LOAD_ADMIN, type Stack } from './stack';

export interface SeededUser {
  readonly email: string;
  readonly client: TestClient;
  /** Finished recordings of this user, each with a share link's token. */
  readonly recordings: readonly { readonly id: string; readonly shareToken: string }[];
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Uploads one file and answers its recording id (201), or throws with the answer. */
const uploadFile = async (client: TestClient, path: string): Promise<string> => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(path)]), basename(path));
  const created = await client.api.recordings.create({ body: form });
  if (created.status !== 201) throw new Error(`upload: ${created.status} ${created.text}`);
  return created.body.id;
};

/** Polls until the recording is finished; throws when it failed or when the deadline passed. */
const untilTranscribed = async (client: TestClient, id: string, deadline: number): Promise<void> => {
  for (;;) {
    const polled = await client.api.recordings.get({ params: { id } });
    if (polled.status === 200 && polled.body.status === 'completed') return;
    if (polled.status === 200 && polled.body.status === 'failed')
      throw new Error(`recording ${id} failed: ${JSON.stringify(polled.body.error)}`);
    if (Date.now() > deadline) throw new Error(`recording ${id} not transcribed in time (${polled.text})`);
    await wait(500);
  }
};

export const seedUsers = async (
  stack: Stack,
  options: {
    readonly accounts: number;
    readonly clipsPerAccount: number;
    readonly clips: readonly string[];
    readonly progress: (message: string) => void;
  },
): Promise<SeededUser[]> => {
  const admin = new TestClient(stack.urls[0]!);
  const signedIn = await admin.api.accounts.adminLogin({
    body: { username: LOAD_ADMIN.email, password: LOAD_ADMIN.password },
  });
  if (signedIn.status !== 200) throw new Error(`admin login: ${signedIn.status} ${signedIn.text}`);
  const users: { email: string; client: TestClient; ids: string[] }[] = [];
  for (let i = 0; i < options.accounts; i += 1) {
    const email = `load-${i}-${Date.now().toString(36)}@example.com`;
    const client = await signUpOver(stack.urls[0]!, stack.dataDir, email);
    const me = await client.api.accounts.currentUser();
    if (me.status !== 200) throw new Error(`current user: ${me.status} ${me.text}`);
    const plan = await admin.api.adminUsers.setPlan({
      params: { userId: me.body.id },
      body: { plan: 'business_pro', reason: 'load test' },
    });
    if (plan.status !== 200) throw new Error(`set plan: ${plan.status} ${plan.text}`);
    const ids: string[] = [];
    for (let c = 0; c < options.clipsPerAccount; c += 1)
      ids.push(await uploadFile(client, options.clips[(i + c) % options.clips.length]!));
    users.push({ email, client, ids });
  }
  options.progress(
    `${options.accounts} accounts signed up; waiting for their ${options.accounts * options.clipsPerAccount} seed transcripts`,
  );
  const deadline = Date.now() + 20 * 60_000;
  const seeded: SeededUser[] = [];
  for (const user of users) {
    const recordings = [];
    for (const id of user.ids) {
      await untilTranscribed(user.client, id, deadline);
      const link = await user.client.api.shareLinks.create({ params: { id }, body: {} });
      if (link.status !== 201) throw new Error(`share link: ${link.status} ${link.text}`);
      recordings.push({ id, shareToken: link.body.token });
    }
    seeded.push({ email: user.email, client: user.client, recordings });
  }
  return seeded;
};
