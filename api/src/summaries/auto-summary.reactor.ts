import type { Reactor, RecordedEvent } from '@scrivo/domain';
import {
  PLAN_LIMITS,
  type PlanId,
  recordingDecider,
  recordingDocFrom,
  recordingStream,
  type TranscriptionCompleted,
} from '@scrivo/domain/recordings';
import {
  summaryDecider,
  summarySettingsDecider,
  summarySettingsStream,
  MEETING_TEMPLATE,
  summaryStream,
} from '@scrivo/domain/summaries';
import type { StreamRunner } from '../infrastructure/stream-runner';

/**
 * A finished transcript of someone who turned automatic summaries on (and whose plan has them) gets its summary
 * requested. The job id comes from the completion event, so a replay finds its own request and asks no second
 * time; a summary the owner already has or asked for is left alone.
 */
export const autoSummaryReactor = (deps: {
  readonly runner: StreamRunner;
  readonly planOf: (ownerId: string) => Promise<PlanId>;
}): Reactor => ({
  name: 'auto-summary',
  eventTypes: ['TranscriptionCompleted'],
  async react(recorded: RecordedEvent) {
    const { recordingId, transcript } = recorded.data as TranscriptionCompleted['data'];
    // The recording's own stream: a reaction must not wait for the read models (and so for itself).
    const recording = recordingDocFrom(
      (await deps.runner.load(recordingDecider, recordingStream(recordingId))).events,
    );
    if (!recording || recording.deletedAt !== null) return;
    const settings = await deps.runner.state(
      summarySettingsDecider,
      summarySettingsStream(recording.ownerId),
    );
    if (!settings.autoSummarize || !PLAN_LIMITS[await deps.planOf(recording.ownerId)].summaries) return;
    const stream = summaryStream(recordingId);
    const current = await deps.runner.state(summaryDecider, stream);
    if (current.status !== 'none') return;
    await deps.runner.run(
      summaryDecider,
      stream,
      {
        type: 'RequestSummary',
        recordingId,
        recordingStatus: recording.status,
        ownerId: recording.ownerId,
        jobId: `auto-${recorded.metadata.eventId}`,
        language: transcript.language,
        transcriptVersion: 1,
        // Automatic summaries are of meetings, as they were before templates.
        template: MEETING_TEMPLATE,
        templateId: MEETING_TEMPLATE.id,
        now: deps.runner.now(),
      },
      {
        actor: { kind: 'system', id: 'auto-summary' },
        correlationId: recorded.metadata.correlationId,
        causationId: recorded.metadata.eventId,
      },
    );
  },
});
