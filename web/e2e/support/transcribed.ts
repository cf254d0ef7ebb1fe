import { expectStatus } from '../../../api/test/support/expect-status';
import type { TestClient } from '../../../api/test/support/http-client';
import { waitUntil } from '../../../api/test/support/wait-until';

/** Uploads a recording through the typed client, as the upload form does; its id. */
export const uploaded = async (client: TestClient, form: FormData): Promise<string> => {
  const created = await client.api.recordings.create({ body: form });
  expectStatus(created, 201);
  return created.body.id;
};

/** Uploads a recording and waits until its transcript is done (the speech worker is real): its id. */
export const transcribed = async (
  client: TestClient,
  form: FormData,
  name: string,
  timeoutMs = 240_000,
): Promise<string> => {
  const id = await uploaded(client, form);
  await waitUntil(
    `${name} is transcribed`,
    async () => {
      const recording = await client.api.recordings.get({ params: { id } });
      expectStatus(recording, 200);
      return recording.body.status === 'completed';
    },
    timeoutMs,
    500,
  );
  return id;
};
