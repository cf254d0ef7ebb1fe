import type { TestClient } from '../../support/http-client';

/**
 * Follows a recording's status until its transcription is completed, as a client polling the API would; a failed
 * recording, or one still not done after `timeoutMs`, fails the test naming the status it was left in.
 */
export const untilCompleted = async (client: TestClient, recordingId: string, timeoutMs = 240_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await client.get(`/api/recordings/${recordingId}`);
    if (body.status === 'completed') return;
    if (body.status === 'failed' || Date.now() > deadline)
      throw new Error(`recording ${String(body.status)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
};
