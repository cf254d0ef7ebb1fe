import type { RecordedEvent } from '../../kernel/events';
import type { Projection, ProjectionContext } from '../../projections/projection';
import { CHAT_SESSION_EVENT_TYPES, type ChatSessionEvent } from '../events';
import { CHAT_MESSAGES, CHAT_SESSIONS, type ChatMessageDoc, type ChatSessionDoc } from './chat-read-models';

const MAX_SEARCH_TEXT = 20_000;
const PREVIEW = 200;

const withSearch = (doc: Omit<ChatSessionDoc, 'searchText'>, extra = '', previous = ''): ChatSessionDoc => {
  const base = [doc.sessionId, doc.userEmail ?? '', doc.contactEmail ?? '', doc.contextPage]
    .join(' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
  const messages = previous ? previous.slice(previous.indexOf('\n') + 1) : '';
  const text = `${messages}${extra ? `${extra.toLowerCase()} ` : ''}`.slice(-MAX_SEARCH_TEXT);
  return { ...doc, searchText: `${base}\n${text}` };
};

/**
 * The admin queue (`chat_sessions`) and the conversations (`chat_messages`). Every handler rewrites whole
 * documents keyed by ids from the event; counters are the exception, so a message that already exists is skipped
 * and replaying an event leaves the documents as they were.
 */
export const chatSessionsProjection: Projection = {
  name: 'chat-sessions',
  collections: [CHAT_SESSIONS, CHAT_MESSAGES],
  eventTypes: CHAT_SESSION_EVENT_TYPES,
  async setup(store) {
    await store.collection(CHAT_SESSIONS).ensureIndex({ fields: ['lastActivityAt'] });
    await store.collection(CHAT_SESSIONS).ensureIndex({ fields: ['status', 'lastActivityAt'] });
    await store.collection(CHAT_MESSAGES).ensureIndex({ fields: ['sessionId', 'seq'] });
  },
  async handle(recorded: RecordedEvent, ctx: ProjectionContext) {
    const e = { type: recorded.type, data: recorded.data } as ChatSessionEvent;
    const current = await ctx.get<ChatSessionDoc>(CHAT_SESSIONS, e.data.sessionId);

    if (e.type === 'ChatSessionStarted') {
      if (current) return;
      ctx.upsert(
        CHAT_SESSIONS,
        withSearch({
          id: e.data.sessionId,
          sessionId: e.data.sessionId,
          siteKey: e.data.siteKey,
          status: 'active',
          contextPage: e.data.contextPage,
          visitorId: e.data.visitorId,
          userId: e.data.userId,
          userEmail: e.data.email,
          contactEmail: null,
          escalationReason: null,
          startedAt: e.data.startedAt,
          lastActivityAt: e.data.startedAt,
          lastMessage: null,
          messageCount: 0,
          unreadCount: 0,
          rating: null,
        }),
      );
      return;
    }
    if (!current) return;
    if (e.type === 'ChatSessionErased') {
      for (const message of await ctx.find<ChatMessageDoc>(CHAT_MESSAGES, { sessionId: e.data.sessionId }))
        ctx.delete(CHAT_MESSAGES, message.id);
      ctx.delete(CHAT_SESSIONS, e.data.sessionId);
      return;
    }
    const { searchText, ...doc } = current;
    const save = (next: Omit<ChatSessionDoc, 'searchText'>, extra = '') =>
      ctx.upsert(CHAT_SESSIONS, withSearch(next, extra, searchText));

    const addMessage = async (message: Omit<ChatMessageDoc, 'seq'>, unread: number) => {
      if (await ctx.get<ChatMessageDoc>(CHAT_MESSAGES, message.id)) return;
      const seq = doc.messageCount + 1;
      const stored: ChatMessageDoc = { ...message, seq };
      ctx.upsert(CHAT_MESSAGES, stored);
      save(
        {
          ...doc,
          messageCount: seq,
          unreadCount: unread,
          lastMessage: message.content.slice(0, PREVIEW),
          lastActivityAt: message.createdAt,
        },
        message.content,
      );
    };

    switch (e.type) {
      case 'ChatVisitorIdentified':
        return save({ ...doc, userId: e.data.userId, userEmail: e.data.email ?? doc.userEmail });
      case 'ChatContextPageChanged':
        return save({ ...doc, contextPage: e.data.contextPage });
      case 'ChatMessagePosted':
        return addMessage(
          {
            id: e.data.messageId,
            sessionId: e.data.sessionId,
            role: e.data.role,
            content: e.data.content,
            createdAt: e.data.postedAt,
            confidenceScore: e.data.confidenceScore,
            needsHumanReview: e.data.needsHumanReview,
            sources: e.data.sources,
          },
          e.data.role === 'user' ? doc.unreadCount + 1 : doc.unreadCount,
        );
      case 'ChatAdminReplied':
        return addMessage(
          {
            id: e.data.messageId,
            sessionId: e.data.sessionId,
            role: 'admin',
            content: e.data.content,
            createdAt: e.data.postedAt,
            confidenceScore: null,
            needsHumanReview: false,
            sources: [],
          },
          // Whoever replies has read the conversation.
          0,
        );
      case 'ChatEscalated':
        return save({
          ...doc,
          status: 'escalated',
          escalationReason: e.data.reason,
          lastActivityAt: e.data.at,
        });
      case 'ChatResolved':
      case 'ChatClosed':
        return save({ ...doc, status: 'resolved', lastActivityAt: e.data.at });
      case 'ChatReopened':
        return save({
          ...doc,
          status: 'active',
          escalationReason: null,
          rating: null,
          lastActivityAt: e.data.at,
        });
      case 'ChatRated':
        return save({ ...doc, rating: e.data.rating });
      case 'ChatContactEmailLeft':
        return save({ ...doc, contactEmail: e.data.email });
      case 'ChatReadByAdmin':
        return save({ ...doc, unreadCount: 0 });
      default:
        return;
    }
  },
};
