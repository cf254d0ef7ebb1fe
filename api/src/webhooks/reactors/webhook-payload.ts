import type { DeliveredEventName } from '@scrivo/domain/webhooks';

/**
 * The JSON every delivery carries: `id` (the delivery's, the same on every retry, for deduplication), `type`,
 * `createdAt` (when the event happened) and `data`. Fixed when the delivery is scheduled.
 */
export const webhookBody = (
  deliveryId: string,
  type: DeliveredEventName,
  createdAt: string,
  data: Record<string, unknown>,
): string => JSON.stringify({ id: deliveryId, type, createdAt, data });

/** The recording a transcription event is about, as a receiver sees it (fetch the transcript with an API key). */
export interface RecordingPayload {
  readonly recordingId: string;
  readonly title: string;
  readonly durationSeconds: number | null;
  readonly language: string | null;
  /** Where to fetch the transcript (e.g. `?format=srt`). */
  readonly transcriptUrl: string;
}

export const samplePayload = (): Record<string, unknown> => ({
  recordingId: 'rec_sample',
  title: 'Sample recording',
  durationSeconds: 11,
  language: 'en',
  transcriptUrl: '/api/recordings/rec_sample/transcript',
  sample: true,
});
