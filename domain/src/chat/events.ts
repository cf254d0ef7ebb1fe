import type { DomainEvent } from '../kernel/events';

export type ChatStatus = 'active' | 'escalated' | 'resolved';
export type ChatRole = 'user' | 'assistant' | 'admin';
/** Why a person has to take over; shown in the admin list. */
export type EscalationReason = 'requested_human' | 'low_confidence' | 'repeated_question';

export interface ChatSource {
  readonly slug: string;
  readonly title: string;
}

// ---- chat session stream: `chat-session-{sessionId}` ----
export type ChatSessionStarted = DomainEvent<
  'ChatSessionStarted',
  {
    sessionId: string;
    siteKey: string;
    contextPage: string;
    visitorId: string;
    /** Set only when the site verified the identity (HMAC of the user id with the site secret). */
    userId: string | null;
    email: string | null;
    startedAt: string;
  }
>;
export type ChatVisitorIdentified = DomainEvent<
  'ChatVisitorIdentified',
  { sessionId: string; userId: string; email: string | null; at: string }
>;
export type ChatContextPageChanged = DomainEvent<
  'ChatContextPageChanged',
  { sessionId: string; contextPage: string; at: string }
>;
export type ChatMessagePosted = DomainEvent<
  'ChatMessagePosted',
  {
    sessionId: string;
    messageId: string;
    role: 'user' | 'assistant';
    content: string;
    /** 0..1 for assistant answers, null for people. */
    confidenceScore: number | null;
    needsHumanReview: boolean;
    sources: ChatSource[];
    postedAt: string;
  }
>;
export type ChatEscalated = DomainEvent<
  'ChatEscalated',
  { sessionId: string; reason: EscalationReason; at: string }
>;
export type ChatAdminReplied = DomainEvent<
  'ChatAdminReplied',
  { sessionId: string; messageId: string; adminId: string; content: string; postedAt: string }
>;
export type ChatResolved = DomainEvent<'ChatResolved', { sessionId: string; adminId: string; at: string }>;
/** 'Close Chat': the admin ends the conversation without a reply. The session counts as resolved. */
export type ChatClosed = DomainEvent<'ChatClosed', { sessionId: string; adminId: string; at: string }>;
export type ChatReopened = DomainEvent<'ChatReopened', { sessionId: string; at: string }>;
export type ChatRated = DomainEvent<'ChatRated', { sessionId: string; rating: number; at: string }>;
export type ChatContactEmailLeft = DomainEvent<
  'ChatContactEmailLeft',
  { sessionId: string; email: string; at: string }
>;
export type ChatReadByAdmin = DomainEvent<
  'ChatReadByAdmin',
  { sessionId: string; adminId: string; upToSeq: number; at: string }
>;
/**
 * The account of the identified visitor was erased: the conversation is gone from the read models, and the
 * session's key (which sealed its messages and addresses) is erased right after.
 */
export type ChatSessionErased = DomainEvent<'ChatSessionErased', { sessionId: string; at: string }>;

export type ChatSessionEvent =
  | ChatSessionStarted
  | ChatVisitorIdentified
  | ChatContextPageChanged
  | ChatMessagePosted
  | ChatEscalated
  | ChatAdminReplied
  | ChatResolved
  | ChatClosed
  | ChatReopened
  | ChatRated
  | ChatContactEmailLeft
  | ChatReadByAdmin
  | ChatSessionErased;

export const CHAT_SESSION_EVENT_TYPES: readonly ChatSessionEvent['type'][] = [
  'ChatSessionStarted',
  'ChatVisitorIdentified',
  'ChatContextPageChanged',
  'ChatMessagePosted',
  'ChatEscalated',
  'ChatAdminReplied',
  'ChatResolved',
  'ChatClosed',
  'ChatReopened',
  'ChatRated',
  'ChatContactEmailLeft',
  'ChatReadByAdmin',
  'ChatSessionErased',
];

// ---- chat site stream: `chat-site-{siteKey}` ----
export type ChatSiteRegistered = DomainEvent<
  'ChatSiteRegistered',
  {
    siteKey: string;
    name: string;
    allowedOrigins: string[];
    /** Shared with the site owner to sign user ids (HMAC-SHA256); needed in clear to verify signatures. */
    identitySecret: string;
    registeredAt: string;
  }
>;
export type ChatSiteOriginsChanged = DomainEvent<
  'ChatSiteOriginsChanged',
  { siteKey: string; allowedOrigins: string[]; at: string }
>;
export type ChatSiteSecretRotated = DomainEvent<
  'ChatSiteSecretRotated',
  { siteKey: string; identitySecret: string; at: string }
>;

export type ChatSiteEvent = ChatSiteRegistered | ChatSiteOriginsChanged | ChatSiteSecretRotated;
