import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { AdminSessionDetail, AdminSessionList, VisitorConversation } from '@scrivo/contracts';
import { type FieldCondition, type Filter, NotFoundError, type ReadModelStore } from '@scrivo/domain';
import { CHAT_MESSAGES, CHAT_SESSIONS, type ChatMessageDoc, type ChatSessionDoc } from '@scrivo/domain/chat';
import { READ_MODELS } from '../../infrastructure/tokens';
import { AdminPresence } from '../support/admin-presence';
import { UserContextReader } from '../support/user-context';
import { toMessage, toSession, toVisitorSession } from '../support/views';

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

  async execute({ sessionId }: GetAdminSessionQuery): Promise<AdminSessionDetail> {
    const doc = await this.readModels.collection<ChatSessionDoc>(CHAT_SESSIONS).get(sessionId);
    if (!doc) throw new NotFoundError('Chat session', sessionId);
    const messages = await this.readModels
      .collection<ChatMessageDoc>(CHAT_MESSAGES)
      .find({ sessionId }, { sort: [{ field: 'seq', direction: 'asc' }] });
    const user = await this.users.forChat(doc);
    return {
      session: toSession(doc),
      messages: messages.map(toMessage),
      userContext: {
        accountInfo: { email: user?.email ?? doc.userEmail ?? doc.contactEmail },
        subscription: { tier: user?.plan ?? null, usage: user?.minutesUsed ?? 0 },
      },
    };
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

  async execute({ sessionId, after }: GetVisitorConversationQuery): Promise<VisitorConversation> {
    const doc = await this.readModels.collection<ChatSessionDoc>(CHAT_SESSIONS).get(sessionId);
    if (!doc) throw new NotFoundError('Chat session', sessionId);
    const messages = await this.readModels
      .collection<ChatMessageDoc>(CHAT_MESSAGES)
      .find({ sessionId, seq: { $gt: after } }, { sort: [{ field: 'seq', direction: 'asc' }] });
    return {
      session: toVisitorSession(doc, await this.presence.available()),
      messages: messages.map(toMessage),
    };
  }
}
