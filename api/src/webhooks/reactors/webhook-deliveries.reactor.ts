import type { Reactor, RecordedEvent } from '@scrivo/domain';
import {
  recordingDecider,
  recordingDocFrom,
  recordingStream,
  type TranscriptionCompleted,
  type TranscriptionFailed,
} from '@scrivo/domain/recordings';
import type { SummaryWritten } from '@scrivo/domain/summaries';
import {
  type WebhookEventName,
  webhookDeliveryDecider,
  webhookDeliveryId,
  webhookDeliveryStream,
  webhooksDecider,
  webhooksStream,
} from '@scrivo/domain/webhooks';
import type { StreamRunner } from '../../infrastructure/stream-runner';
import { webhookBody } from './webhook-payload';

type Handled = TranscriptionCompleted | TranscriptionFailed | SummaryWritten;

/** Which domain event is which webhook event; a new webhook event is one more line here. */
const WEBHOOK_EVENT_OF: Record<Handled['type'], WebhookEventName> = {
  TranscriptionCompleted: 'transcription.completed',
  TranscriptionFailed: 'transcription.failed',
  SummaryWritten: 'summary.ready',
};

/**
 * A finished (or failed) transcription schedules one delivery per webhook of its owner that listens to it. Each
 * delivery stream is keyed by (webhook, causing event id), and scheduling an existing one changes nothing, so
 * the reaction replayed after a crash schedules no second delivery. Sending is the delivery timer's work.
 */
export const webhookDeliveriesReactor = (deps: { readonly runner: StreamRunner }): Reactor => ({
  name: 'webhook-deliveries',
  eventTypes: Object.keys(WEBHOOK_EVENT_OF),
  async react(recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const name = WEBHOOK_EVENT_OF[event.type];
    // The recording as its own stream tells it now (its library document may not hold the event yet).
    const { events } = await deps.runner.load(recordingDecider, recordingStream(event.data.recordingId));
    const recording = recordingDocFrom(events);
    if (!recording) return;
    const { endpoints } = await deps.runner.state(webhooksDecider, webhooksStream(recording.ownerId));
    // Webhooks registered after the event (the reactor catching up late) did not ask for it.
    const listening = endpoints.filter(
      (e) => e.events.includes(name) && e.createdAt <= recorded.metadata.occurredAt,
    );
    if (listening.length === 0) return;
    const data =
      event.type === 'TranscriptionCompleted'
        ? {
            recordingId: recording.id,
            title: recording.title,
            durationSeconds: recording.durationSeconds,
            language: recording.language,
            transcriptUrl: `/api/recordings/${recording.id}/transcript`,
          }
        : event.type === 'SummaryWritten'
          ? {
              recordingId: recording.id,
              title: recording.title,
              language: event.data.language,
              overview: event.data.content.overview,
              summaryUrl: `/api/recordings/${recording.id}/summary`,
            }
          : {
              recordingId: recording.id,
              title: recording.title,
              error: { code: event.data.code, message: event.data.message },
            };
    const context = {
      actor: { kind: 'system', id: 'webhooks' },
      correlationId: recorded.metadata.correlationId,
      causationId: recorded.metadata.eventId,
    } as const;
    for (const endpoint of listening) {
      const deliveryId = webhookDeliveryId(endpoint.webhookId, recorded.metadata.eventId);
      await deps.runner.run(
        webhookDeliveryDecider,
        webhookDeliveryStream(deliveryId),
        {
          type: 'ScheduleDelivery',
          deliveryId,
          webhookId: endpoint.webhookId,
          userId: recording.ownerId,
          event: name,
          body: webhookBody(deliveryId, name, recorded.metadata.occurredAt, data),
          now: deps.runner.now(),
        },
        context,
      );
    }
  },
});
