import type { ChatRole, ChatSource, ChatStatus, EscalationReason } from '../events';

export const CHAT_SESSIONS = 'chat_sessions';
export const CHAT_MESSAGES = 'chat_messages';
export const CHAT_SITES = 'chat_sites';

/** One row of the admin queue and the widget's view of its own session. */
export interface ChatSessionDoc {
  readonly id: string;
  readonly sessionId: string;
  readonly siteKey: string;
  readonly status: ChatStatus;
  readonly contextPage: string;
  readonly visitorId: string;
  readonly userId: string | null;
  readonly userEmail: string | null;
  /** Left by an anonymous visitor through the offline form. */
  readonly contactEmail: string | null;
  readonly escalationReason: EscalationReason | null;
  readonly startedAt: string;
  readonly lastActivityAt: string;
  readonly lastMessage: string | null;
  readonly messageCount: number;
  /** Visitor messages no admin has read yet ('N new'). */
  readonly unreadCount: number;
  readonly rating: number | null;
  /** Lower-cased email, id, page and message text, for the admin search box. */
  readonly searchText: string;
}

export interface ChatMessageDoc {
  readonly id: string;
  readonly sessionId: string;
  /** 1-based position in the conversation: the widget's cursor. */
  readonly seq: number;
  readonly role: ChatRole;
  readonly content: string;
  readonly createdAt: string;
  readonly confidenceScore: number | null;
  readonly needsHumanReview: boolean;
  readonly sources: readonly ChatSource[];
}

export interface ChatSiteDoc {
  readonly id: string;
  readonly siteKey: string;
  readonly name: string;
  readonly allowedOrigins: readonly string[];
  readonly identitySecret: string;
  readonly registeredAt: string;
}
