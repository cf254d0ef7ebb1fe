import type { Workflow } from '../../kernel/workflow';
import { type RecordingEvent, recordingStream } from '../../recordings/events';
import { recordingDecider } from '../../recordings/recording/decider';
import type { RecordingState } from '../../recordings/recording/state';
import { LIVE_SESSION_EVENT_TYPES, type LiveSessionEvent, type LiveSessionStopped } from '../events';
import {
  liveSeconds,
  liveSessionDecider,
  type LiveSessionState,
  type StoredBatch,
} from '../live-session.decider';

/** The session's hold (what the plan had left) becomes the seconds it recorded, in the period it was held in. */
export interface SettleLiveMinutes {
  readonly type: 'SettleLiveMinutes';
  readonly ownerId: string;
  readonly sessionId: string;
  readonly startedAt: string;
  readonly recordedSeconds: number;
}

/** The recording the session becomes: it takes the session's id, so its minutes are the ones held already. */
export interface CreateLiveRecording {
  readonly type: 'CreateLiveRecording';
  readonly recordingId: string;
  readonly ownerId: string;
  readonly title: string;
  readonly language: string | null;
  readonly workspaceId: string | null;
}

/**
 * The frames, joined in order, become the recording's media: encoded (Opus) as its original and kept lossless
 * (FLAC) as what the transcript is made from, probed, stored, the upload completed.
 */
export interface StoreLiveAudio {
  readonly type: 'StoreLiveAudio';
  readonly recordingId: string;
  readonly batches: readonly StoredBatch[];
}

/** Like an upload's: minutes reserved (held already), the job made by the transcription-jobs reactor. */
export interface RequestLiveTranscription {
  readonly type: 'RequestLiveTranscription';
  readonly recordingId: string;
  readonly ownerId: string;
}

export interface FinalizeLiveSession {
  readonly type: 'FinalizeLiveSession';
  readonly sessionId: string;
  readonly recordingId: string;
}

/** Once the session is finalized the recording's blobs are the only copy: the raw frames go. */
export interface DeleteLiveFrames {
  readonly type: 'DeleteLiveFrames';
  readonly blobKeys: readonly string[];
}

export type LiveRecordingStep =
  | SettleLiveMinutes
  | CreateLiveRecording
  | StoreLiveAudio
  | RequestLiveTranscription
  | FinalizeLiveSession
  | DeleteLiveFrames;

export interface LiveRecordingState {
  readonly session: LiveSessionState;
  /** When the session started: its hold is in the usage period of that moment. */
  readonly startedAt: string | null;
  /** The recording made from the session (same id), as far as its making went. */
  readonly recording: RecordingState;
}

const liveTypes: ReadonlySet<string> = new Set(LIVE_SESSION_EVENT_TYPES);
const isLiveSessionEvent = (event: LiveSessionEvent | RecordingEvent): event is LiveSessionEvent =>
  liveTypes.has(event.type);

/**
 * A stopped live session becomes a recording like an upload. Decided from the session's stream and the
 * recording's (it takes the session's id), each step is left out once it is done, so a replay after a crash
 * resumes where the last run stopped and never makes a second recording:
 * the hold is settled before the transcription is asked for (which bills from there on); a session that recorded
 * nothing ends there; the recording is created, its media stored, its transcription requested (not after a refusal
 * for want of minutes, which the recording keeps); then the session is finalized and its frames deleted.
 */
export const liveRecordingsWorkflow: Workflow<
  LiveSessionStopped,
  LiveRecordingState,
  LiveRecordingStep,
  LiveSessionEvent | RecordingEvent
> = {
  name: 'live-recordings',
  inputs: ['LiveSessionStopped'],
  alsoReads: (input) => [recordingStream(input.data.sessionId)],
  initialState: () => ({
    session: liveSessionDecider.initialState(),
    startedAt: null,
    recording: recordingDecider.initialState(),
  }),
  evolve(state, event) {
    if (!isLiveSessionEvent(event))
      return { ...state, recording: recordingDecider.evolve(state.recording, event) };
    const session = liveSessionDecider.evolve(state.session, event);
    return event.type === 'LiveSessionStarted'
      ? { ...state, session, startedAt: event.data.startedAt }
      : { ...state, session };
  },
  decide(input, { session, startedAt, recording }) {
    const deleteFrames: DeleteLiveFrames = {
      type: 'DeleteLiveFrames',
      blobKeys: session.batches.map((batch) => batch.blobKey),
    };
    // Finalized by an earlier run that stopped before its frames were gone.
    if (session.status === 'finalized') return [deleteFrames];
    const { ownerId } = session;
    if (session.status !== 'stopped' || !ownerId) return [];
    const sessionId = input.data.sessionId;
    const recordingId = sessionId;
    const steps: LiveRecordingStep[] = [];
    if (!recording.jobId)
      steps.push({
        type: 'SettleLiveMinutes',
        ownerId,
        sessionId,
        startedAt: startedAt ?? input.data.at,
        recordedSeconds: liveSeconds(session.totalBytes),
      });
    if (session.totalBytes === 0) return steps;
    if (!recording.exists)
      steps.push({
        type: 'CreateLiveRecording',
        recordingId,
        ownerId,
        title: session.title,
        language: session.language,
        workspaceId: session.workspaceId,
      });
    if (!recording.blobKey) steps.push({ type: 'StoreLiveAudio', recordingId, batches: session.batches });
    if (!recording.jobId && recording.status !== 'failed')
      steps.push({ type: 'RequestLiveTranscription', recordingId, ownerId });
    steps.push({ type: 'FinalizeLiveSession', sessionId, recordingId }, deleteFrames);
    return steps;
  },
};
