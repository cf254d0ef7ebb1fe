import type { DomainEvent } from '../kernel/events';

// ---- live session stream: `live-{sessionId}` ----
/** A user started recording live; `allowanceSeconds` is what their plan had left then (null = unlimited). */
export type LiveSessionStarted = DomainEvent<
  'LiveSessionStarted',
  {
    sessionId: string;
    ownerId: string;
    title: string;
    /** ISO 639-1 code chosen by the user, or null to detect. */
    language: string | null;
    allowanceSeconds: number | null;
    startedAt: string;
    /** The workspace the recording goes into (checked: the owner may upload there); absent or null: their own. */
    workspaceId?: string | null;
  }
>;
/**
 * Frames `fromSequence`..`toSequence` (16 kHz mono s16le PCM) are in blob storage under `blobKey`, in order after
 * every earlier batch; `totalSeconds` is the session's audio so far.
 */
export type LiveAudioStored = DomainEvent<
  'LiveAudioStored',
  {
    sessionId: string;
    fromSequence: number;
    toSequence: number;
    blobKey: string;
    bytes: number;
    totalSeconds: number;
    at: string;
  }
>;
export type LiveSessionPaused = DomainEvent<'LiveSessionPaused', { sessionId: string; at: string }>;
export type LiveSessionResumed = DomainEvent<'LiveSessionResumed', { sessionId: string; at: string }>;
/** Who ended it: the user, the plan's allowance running out, or nobody (the socket gone and never back). */
export type LiveStopReason = 'user' | 'allowance' | 'abandoned';

/** No more audio: the user stopped, the plan's minutes ran out, or the session was abandoned. */
export type LiveSessionStopped = DomainEvent<
  'LiveSessionStopped',
  { sessionId: string; reason: LiveStopReason; totalSeconds: number; at: string }
>;
/** The session's audio became a recording in the library (its media encoded, its transcription requested). */
export type LiveSessionFinalized = DomainEvent<
  'LiveSessionFinalized',
  { sessionId: string; recordingId: string; at: string }
>;

export type LiveSessionEvent =
  | LiveSessionStarted
  | LiveAudioStored
  | LiveSessionPaused
  | LiveSessionResumed
  | LiveSessionStopped
  | LiveSessionFinalized;

export const LIVE_SESSION_EVENT_TYPES: readonly LiveSessionEvent['type'][] = [
  'LiveSessionStarted',
  'LiveAudioStored',
  'LiveSessionPaused',
  'LiveSessionResumed',
  'LiveSessionStopped',
  'LiveSessionFinalized',
];
