import { z } from 'zod';
import { EmailAddress } from '../common/email';
import { PlanId } from '../common/plans';
import { PageNumber } from '../common/paging';

/** Longest message, in characters (the domain enforces the same limit). */
export const CHAT_MAX_MESSAGE_LENGTH = 2000;
export const CHAT_PAGE_SIZE = 20;

export const ChatStatus = z.enum(['active', 'escalated', 'resolved']);
export type ChatStatus = z.infer<typeof ChatStatus>;
export const EscalationReason = z.enum(['requested_human', 'low_confidence', 'repeated_question']);
export type EscalationReason = z.infer<typeof EscalationReason>;

export const ChatSource = z.object({ slug: z.string(), title: z.string() });
export type ChatSource = z.infer<typeof ChatSource>;

export const ChatMessage = z.object({
  id: z.string(),
  /** 1-based position in the conversation; pass the last one seen as `after` to get only newer messages. */
  seq: z.number().int(),
  role: z.enum(['user', 'assistant', 'admin']),
  /** Plain text. Clients render it as text, never as HTML. */
  content: z.string(),
  createdAt: z.string(),
  /** 0..1 for assistant answers, null for people. */
  confidenceScore: z.number().min(0).max(1).nullable(),
  needsHumanReview: z.boolean(),
  /** The help articles an assistant answer came from. */
  sources: z.array(ChatSource),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatSession = z.object({
  sessionId: z.string(),
  status: ChatStatus,
  contextPage: z.string(),
  lastActivityAt: z.string(),
  escalationReason: EscalationReason.nullable(),
  startedAt: z.string(),
  /** Satisfaction 1-5 after resolution, null until rated. */
  rating: z.number().int().min(1).max(5).nullable(),
  /** Left by an anonymous visitor through the offline form. */
  contactEmail: z.string().nullable(),
});
export type ChatSession = z.infer<typeof ChatSession>;

// ---- admin side (spec section 7) ----
export const AdminSessionListQuery = z.object({
  page: PageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
  /** Omitted or 'all' lists every status. */
  status: z.enum(['all', 'active', 'escalated', 'resolved']).optional(),
  /** Case-insensitive: email, session id, page and message text. */
  search: z.string().max(200).optional(),
});

export const AdminSessionListItem = z.object({
  session: ChatSession,
  /** Null for an anonymous visitor ('Anonymous User'). */
  userEmail: z.string().nullable(),
  /** Null for an anonymous visitor. */
  userTier: PlanId.nullable(),
  lastMessage: z.string().nullable(),
  messageCount: z.number().int(),
  /** Visitor messages no admin has read ('N new'). */
  unreadCount: z.number().int(),
});
export type AdminSessionListItem = z.infer<typeof AdminSessionListItem>;

export const AdminSessionList = z.object({
  sessions: z.array(AdminSessionListItem),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminSessionList = z.infer<typeof AdminSessionList>;

export const AdminSessionDetail = z.object({
  session: ChatSession,
  messages: z.array(ChatMessage),
  userContext: z.object({
    accountInfo: z.object({ email: z.string().nullable() }),
    subscription: z.object({
      tier: PlanId.nullable(),
      /** Minutes transcribed in the current period. */
      usage: z.number(),
    }),
  }),
});
export type AdminSessionDetail = z.infer<typeof AdminSessionDetail>;

export const AdminRespondBody = z.object({
  content: z.string().trim().min(1, 'Please type a reply first.').max(CHAT_MAX_MESSAGE_LENGTH),
  noteType: z.literal('admin_response').default('admin_response'),
  markResolved: z.boolean().default(false),
});
export const AdminRespondResult = z.object({
  success: z.literal(true),
  message: ChatMessage,
  session: ChatSession,
});
export const AdminCloseResult = z.object({ success: z.literal(true), session: ChatSession });

export const ChatSiteInput = z.object({
  /** Generated when omitted. */
  siteKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{6,64}$/)
    .optional(),
  name: z.string().trim().min(1).max(100),
  allowedOrigins: z.array(z.string()).min(1).max(20),
  /** Generated when omitted; at least 16 characters. */
  identitySecret: z.string().min(16).max(200).optional(),
});
/** A site as listed: its identity secret is shown once, when it is made, never again (only its last 4 characters). */
export const ChatSite = z.object({
  siteKey: z.string(),
  name: z.string(),
  allowedOrigins: z.array(z.string()),
  identitySecretEndsWith: z.string(),
  registeredAt: z.string(),
});
export type ChatSite = z.infer<typeof ChatSite>;
/** A site as made: the one time its identity secret is shown. */
export const CreatedChatSite = ChatSite.extend({ identitySecret: z.string() });
export type CreatedChatSite = z.infer<typeof CreatedChatSite>;
/** A new identity secret for a site, shown this once; the old one stops working at once. */
export const RotatedSiteSecret = z.object({ siteKey: z.string(), identitySecret: z.string() });

// ---- visitor side (the widget) ----
export const CHAT_TOKEN_HEADER = 'x-chat-token';

export const PublicSite = z.object({
  siteKey: z.string(),
  name: z.string(),
  /** False when no admin has been active recently: the widget offers to leave an email instead. */
  adminAvailable: z.boolean(),
});
export type PublicSite = z.infer<typeof PublicSite>;

export const ChatIdentity = z.object({
  userId: z.string().min(1).max(200),
  email: z.string().max(254).optional(),
  /** Hex HMAC-SHA256 of userId with the site's identity secret. */
  signature: z.string().max(200),
});
export type ChatIdentity = z.infer<typeof ChatIdentity>;

export const StartChatBody = z.object({
  siteKey: z.string().max(64),
  contextPage: z.string().max(500).default('/'),
  /** The page's origin, as the frame learned it; must be one of the site's allowed origins. */
  hostOrigin: z.string().max(300),
  identity: ChatIdentity.optional(),
});
export const VisitorSession = z.object({
  sessionId: z.string(),
  status: ChatStatus,
  escalationReason: EscalationReason.nullable(),
  rating: z.number().int().nullable(),
  /** True when the session is tied to a verified signed-in user. */
  identified: z.boolean(),
  contactEmail: z.string().nullable(),
  adminAvailable: z.boolean(),
});
export type VisitorSession = z.infer<typeof VisitorSession>;
export const StartChatResult = z.object({
  /** Send it back in the X-Chat-Token header (and as `token` on the event stream). */
  token: z.string(),
  session: VisitorSession,
});
export type StartChatResult = z.infer<typeof StartChatResult>;

export const VisitorConversation = z.object({ session: VisitorSession, messages: z.array(ChatMessage) });
export type VisitorConversation = z.infer<typeof VisitorConversation>;

export const PostMessageBody = z.object({
  content: z.string().trim().min(1, 'Please type a message first.').max(CHAT_MAX_MESSAGE_LENGTH),
});
export const RateBody = z.object({ rating: z.number().int().min(1).max(5) });
export const ContactEmailBody = z.object({ email: EmailAddress });
export const ContextPageBody = z.object({ contextPage: z.string().max(500) });

export const SignedIdentity = z.object({
  siteKey: z.string(),
  userId: z.string(),
  email: z.string(),
  signature: z.string(),
});
export type SignedIdentity = z.infer<typeof SignedIdentity>;

/** Server-sent events: `event: update`, data `{ sessionId, status, lastSeq }`; clients then fetch what changed. */
export const ChatStreamUpdate = z.object({
  sessionId: z.string(),
  status: ChatStatus,
  lastSeq: z.number().int(),
});
export type ChatStreamUpdate = z.infer<typeof ChatStreamUpdate>;
export const chatVisitorEventsPath = (sessionId: string) => `/api/chat/sessions/${sessionId}/events`;
export const CHAT_ADMIN_EVENTS_PATH = '/api/admin/chat/events';
