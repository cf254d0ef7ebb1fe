import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type {
  AdminSessionDetail,
  AdminSessionList,
  VisitorConversation,
  VisitorSession,
} from '@scrivo/contracts';
import { type FieldCondition, type Filter, NotFoundError, type ReadModelStore } from '@scrivo/domain';
import { CHAT_MESSAGES, CHAT_SESSIONS, type ChatMessageDoc, type ChatSessionDoc } from '@scrivo/domain/chat';
import { READ_MODELS } from '../../infrastructure/tokens';
import { AdminPresence } from '../support/admin-presence';
import { UserContextReader } from '../support/user-context';
import { toMessage, toSession, toVisitorSession } from '../support/views';

/** The session's document, or 404. */
export const chatSessionDoc = async (
  readModels: ReadModelStore,
  sessionId: string,
): Promise<ChatSessionDoc> => {
  const doc = await readModels.collection<ChatSessionDoc>(CHAT_SESSIONS).get(sessionId);
  if (!doc) throw new NotFoundError('Chat session', sessionId);
  return doc;
};

/** A session as the admin queue shows it: every message and what Scrivo knows of the visitor. */
export const adminSessionDetail = async (
  readModels: ReadModelStore,
  users: UserContextReader,
  sessionId: string,
): Promise<AdminSessionDetail> => {
  const doc = await chatSessionDoc(readModels, sessionId);
  const messages = await readModels
    .collection<ChatMessageDoc>(CHAT_MESSAGES)
    .find({ sessionId }, { sort: [{ field: 'seq', direction: 'asc' }] });
  const user = await users.forChat(doc);
  return {
    session: toSession(doc),
    messages: messages.map(toMessage),
    userContext: {
      accountInfo: { email: user?.email ?? doc.userEmail ?? doc.contactEmail },
      subscription: { tier: user?.plan ?? null, usage: user?.minutesUsed ?? 0 },
    },
  };
};

/** A session as its visitor sees it (without its messages). */
export const visitorSession = async (
  readModels: ReadModelStore,
  presence: AdminPresence,
  sessionId: string,
): Promise<VisitorSession> =>
  toVisitorSession(await chatSessionDoc(readModels, sessionId), await presence.available());

/** A session as its visitor sees it, with the messages after `after`. */
export const visitorConversation = async (
  readModels: ReadModelStore,
  presence: AdminPresence,
  sessionId: string,
  after: number,
): Promise<VisitorConversation> => {
  const doc = await chatSessionDoc(readModels, sessionId);
  const messages = await readModels
    .collection<ChatMessageDoc>(CHAT_MESSAGES)
    .find({ sessionId, seq: { $gt: after } }, { sort: [{ field: 'seq', direction: 'asc' }] });
  return {
    session: toVisitorSession(doc, await presence.available()),
    messages: messages.map(toMessage),
  };
};

export class ListAdminSessionsQuery extends Query<AdminSessionList> {
  constructor(
    readonly page: number,
    readonly limit: number,
    readonly status: 'all' | 'active' | 'escalated' | 'resolved' | undefined,
    readonly search: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(ListAdminSessionsQuery)
export class ListAdminSessionsHandler implements IQueryHandler<ListAdminSessionsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    private readonly users: UserContextReader,
  ) {}

  async execute({ page, limit, status, search }: ListAdminSessionsQuery): Promise<AdminSessionList> {
    const conditions: Record<string, FieldCondition> = {};
    if (status && status !== 'all') conditions.status = status;
    const term = search?.trim().toLowerCase();
    if (term) conditions.searchText = { $contains: term };
    const filter = conditions as Filter;
    const sessions = this.readModels.collection<ChatSessionDoc>(CHAT_SESSIONS);
    const [docs, total] = await Promise.all([
      sessions.find(filter, {
        sort: [{ field: 'lastActivityAt', direction: 'desc' }],
        skip: (page - 1) * limit,
        limit,
      }),
      sessions.count(filter),
    ]);
    const tiers = await this.users.tiers(docs);
    const tierOf = (d: ChatSessionDoc) => {
      const userId = this.users.scrivoUserId(d);
      return userId ? (tiers.get(userId) ?? null) : null;
    };
    return {
      sessions: docs.map((d) => ({
        session: toSession(d),
        userEmail: d.userEmail ?? d.contactEmail,
        userTier: tierOf(d),
        lastMessage: d.lastMessage,
        messageCount: d.messageCount,
        unreadCount: d.unreadCount,
      })),
      total,
      page,
      limit,
    };
  }
}

export class GetAdminSessionQuery extends Query<AdminSessionDetail> {
  constructor(readonly sessionId: string) {
    super();
  }
}

@QueryHandler(GetAdminSessionQuery)
export class GetAdminSessionHandler implements IQueryHandler<GetAdminSessionQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    private readonly users: UserContextReader,
  ) {}

  execute({ sessionId }: GetAdminSessionQuery): Promise<AdminSessionDetail> {
    return adminSessionDetail(this.readModels, this.users, sessionId);
  }
}

export class GetVisitorConversationQuery extends Query<VisitorConversation> {
  constructor(
    readonly sessionId: string,
    readonly after: number,
  ) {
    super();
  }
}

@QueryHandler(GetVisitorConversationQuery)
export class GetVisitorConversationHandler implements IQueryHandler<GetVisitorConversationQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    private readonly presence: AdminPresence,
  ) {}

  execute({ sessionId, after }: GetVisitorConversationQuery): Promise<VisitorConversation> {
    return visitorConversation(this.readModels, this.presence, sessionId, after);
  }
}
