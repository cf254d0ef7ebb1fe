import { z } from 'zod';
import { EmailAddress } from '../common/email';

/** A stream name as the store holds it: `recording-…`, `chat-session-…`; printable, no spaces. */
export const StreamId = z
  .string()
  .trim()
  .min(1, 'Which stream?')
  .max(300)
  .regex(/^[\x21-\x7e]+$/, 'A stream name has no spaces or control characters');

export const AuditorLoginBody = z
  .object({
    username: z.string().trim().min(1, 'Username is required').max(254),
    password: z.string().min(1, 'Password is required').max(256),
  })
  .strict();
const Auditor = z.object({ id: z.string(), email: z.string() });
export const AuditorLoginAnswer = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  auditor: Auditor.optional(),
});
export const AuditorCheckAnswer = z.object({ isAuthenticated: z.boolean(), auditor: Auditor.optional() });

/**
 * How to find streams: a stream by kind and id, a user's streams by email, a chat session by the last 8
 * characters of its id (as the admin queue shows it), or every event of one request by correlation id.
 */
export const AuditSearchQuery = z
  .object({
    by: z.enum(['stream', 'email', 'chat', 'correlation']),
    q: z.string().trim().min(1, 'What should be found?').max(300),
    /** For `by=stream`: the kind (`recording`, `usage`, `job`, `user`, `chat-session`, ...). */
    kind: z.string().trim().max(40).optional(),
  })
  .strict();

export const StreamSummary = z.object({
  streamId: z.string(),
  kind: z.string().nullable(),
  eventCount: z.number().int(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
  lastType: z.string().nullable(),
});
export type StreamSummary = z.infer<typeof StreamSummary>;

const Actor = z.object({ kind: z.string(), id: z.string() });

/** One event as stored (never upcast here: the auditor sees what was written). */
export const AuditEvent = z.object({
  streamId: z.string(),
  revision: z.number().int(),
  globalPosition: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  schemaVersion: z.number().int(),
  occurredAt: z.string(),
  actor: Actor,
  correlationId: z.string(),
  causationId: z.string().nullable(),
  data: z.unknown(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditSearchAnswer = z.object({
  streams: z.array(StreamSummary),
  /** For `by=correlation`: every event of the request, in store order, across its streams. */
  events: z.array(AuditEvent).optional(),
});
export type AuditSearchAnswer = z.infer<typeof AuditSearchAnswer>;

export const MAX_EVENTS_PAGE = 500;

export const StreamEventsQuery = z
  .object({
    streamId: StreamId,
    /** 0-based revision of the first event of the page. */
    from: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    limit: z.coerce.number().int().min(1).max(MAX_EVENTS_PAGE).default(100),
  })
  .strict();
export const StreamEventsPage = z.object({
  streamId: z.string(),
  kind: z.string().nullable(),
  /** How many events the stream holds. */
  total: z.number().int(),
  from: z.number().int(),
  events: z.array(AuditEvent),
  /** The `from` of the next page, or null on the last page. */
  nextFrom: z.number().int().nullable(),
});
export type StreamEventsPage = z.infer<typeof StreamEventsPage>;

export const StreamStateQuery = z
  .object({
    streamId: StreamId,
    /** 0-based revision: the state after this event. */
    step: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

const ConversationLine = z.object({
  role: z.enum(['user', 'assistant', 'admin']),
  content: z.string(),
  at: z.string(),
});
export const Moment = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('chat-session'),
    status: z.string(),
    visitor: z.array(ConversationLine),
    admin: z.object({
      lines: z.array(
        ConversationLine.extend({ confidenceScore: z.number().nullable(), needsHumanReview: z.boolean() }),
      ),
      escalations: z.array(z.string()),
      rating: z.number().nullable(),
      contactEmail: z.string().nullable(),
      readUpToSeq: z.number(),
    }),
  }),
  z.object({
    kind: z.literal('recording'),
    status: z.string(),
    transcriptVersion: z.number().int(),
    minutes: z.number().nullable(),
    progress: z.number(),
    deleted: z.boolean(),
  }),
]);
export type Moment = z.infer<typeof Moment>;

export const StreamStateAnswer = z.object({
  streamId: z.string(),
  kind: z.string().nullable(),
  step: z.number().int(),
  total: z.number().int(),
  /** Whether a decider folds this kind of stream; false for the audit log. */
  folded: z.boolean(),
  event: AuditEvent,
  /** The decider's state after the events up to this step (upcast first), and before its event. */
  state: z.unknown(),
  previous: z.unknown(),
  changes: z.array(z.object({ path: z.string(), before: z.unknown(), after: z.unknown() })),
  moment: Moment.nullable(),
});
export type StreamStateAnswer = z.infer<typeof StreamStateAnswer>;

export const StreamExportQuery = z.object({ streamId: StreamId, format: z.enum(['jsonl', 'pdf']) }).strict();

// ---- the admin console: auditors and what they read ----
export const AuditorSummary = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export const AuditorsAnswer = z.object({ auditors: z.array(AuditorSummary) });
export const CreateAuditorBody = z
  .object({
    email: EmailAddress,
    password: z.string().min(12, 'Staff passwords have at least 12 characters').max(256),
  })
  .strict();
export const AuditReadsQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(500).default(100) })
  .strict();
export const AuditRead = z.object({
  eventId: z.string(),
  auditorId: z.string(),
  auditorEmail: z.string(),
  streamId: z.string().nullable(),
  view: z.string(),
  query: z.string().nullable(),
  at: z.string(),
});
export const AuditReadsAnswer = z.object({ reads: z.array(AuditRead) });
export type AuditReadsAnswer = z.infer<typeof AuditReadsAnswer>;
