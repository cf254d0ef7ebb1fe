import type { TestClient } from '../../support/http-client';

/**
 * Follows a recording's status until its transcription is completed, as a client polling the API would; a failed
 * recording, or one still not done after `timeoutMs`, fails the test naming the status it was left in.
 */
export const untilCompleted = async (client: TestClient, recordingId: string, timeoutMs = 240_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.api.recordings.get({ params: { id: recordingId } });
    const status = answer.status === 200 ? answer.body.status : undefined;
    if (status === 'completed') return;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`recording ${String(status)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
};
