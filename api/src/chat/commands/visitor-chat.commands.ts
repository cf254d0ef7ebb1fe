import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { VisitorConversation, VisitorSession } from '@scrivo/contracts';
import type { Actor, Ids, ReadModelStore } from '@scrivo/domain';
import {
  type Assistant,
  type ChatSessionCommand,
  type ChatSessionDoc,
  type ChatSiteDoc,
  ChatStreams,
  chatSessionDecider,
} from '@scrivo/domain/chat';
import { ROOT_LOGGER, type RootLogger } from '../../common/logger';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS, READ_MODELS } from '../../infrastructure/tokens';
import { visitorConversation, visitorSession } from '../queries/chat.queries';
import { AdminPresence } from '../support/admin-presence';
import { ASSISTANT, CHAT_CONFIG, type ChatConfig } from '../support/chat-config';
import { SiteRegistry } from '../support/site-registry';
import { UserContextReader } from '../support/user-context';

/** A visitor opens a chat on a site that allows the page; answers the new session as the visitor sees it. */
export class StartChatCommand extends Command<{ sessionId: string; session: VisitorSession }> {
  constructor(
    readonly site: ChatSiteDoc,
    readonly contextPage: string,
    /** The identity the site signed, already verified (null: an anonymous visitor). */
    readonly identity: { userId: string; email: string | null } | null,
  ) {
    super();
  }
}

@CommandHandler(StartChatCommand)
export class StartChatHandler implements ICommandHandler<StartChatCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly sites: SiteRegistry,
    private readonly presence: AdminPresence,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ site, contextPage, identity }: StartChatCommand) {
    const sessionId = this.ids.next();
    const visitorId = this.ids.next();
    await this.runner.run(
      chatSessionDecider,
      ChatStreams.session(sessionId),
      {
        type: 'StartChat',
        sessionId,
        siteKey: site.siteKey,
        contextPage,
        visitorId,
        identity,
        at: this.runner.now(),
      },
      { actor: this.sites.actorOf(site.siteKey, identity?.userId ?? null, visitorId) },
    );
    return { sessionId, session: await visitorSession(this.readModels, this.presence, sessionId) };
  }
}

/** What a visitor may change about their own chat besides posting a message. */
export type VisitorChange =
  | { readonly kind: 'requestHuman' }
  /** A verified identity; null (a signature that did not verify) leaves the visitor anonymous. */
  | { readonly kind: 'identify'; readonly identity: { userId: string; email: string | null } | null }
  | { readonly kind: 'contextPage'; readonly contextPage: string }
  | { readonly kind: 'leaveEmail'; readonly email: string }
  | { readonly kind: 'rate'; readonly rating: number };

/** One change to the visitor's own session (already checked to be theirs); answers the session as they see it. */
export class ChangeVisitorChatCommand extends Command<VisitorSession> {
  constructor(
    readonly session: ChatSessionDoc,
    readonly change: VisitorChange,
  ) {
    super();
  }
}

@CommandHandler(ChangeVisitorChatCommand)
export class ChangeVisitorChatHandler implements ICommandHandler<ChangeVisitorChatCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly sites: SiteRegistry,
    private readonly presence: AdminPresence,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
  ) {}

  async execute({ session, change }: ChangeVisitorChatCommand): Promise<VisitorSession> {
    const at = this.runner.now();
    const visitor = this.sites.actorOf(session.siteKey, session.userId, session.visitorId);
    const write = ((): { command: ChatSessionCommand; actor: Actor } | null => {
      switch (change.kind) {
        case 'requestHuman':
          return { command: { type: 'RequestHuman', at }, actor: visitor };
        case 'identify': {
          const { identity } = change;
          if (!identity) return null;
          return {
            command: { type: 'IdentifyVisitor', userId: identity.userId, email: identity.email, at },
            actor: this.sites.actorOf(session.siteKey, identity.userId, session.visitorId),
          };
        }
        case 'contextPage': {
          // A blank page or the page the chat is already on changes nothing.
          const page = change.contextPage.trim();
          if (!page || page === session.contextPage) return null;
          return {
            command: { type: 'ChangeContextPage', contextPage: change.contextPage, at },
            actor: visitor,
          };
        }
        case 'leaveEmail':
          return { command: { type: 'LeaveContactEmail', email: change.email, at }, actor: visitor };
        case 'rate':
          return { command: { type: 'RateChat', rating: change.rating, at }, actor: visitor };
      }
    })();
    if (write)
      await this.runner.run(chatSessionDecider, ChatStreams.session(session.sessionId), write.command, {
        actor: write.actor,
      });
    return visitorSession(this.readModels, this.presence, session.sessionId);
  }
}

/**
 * A visitor's message, then (while no person has taken over) the assistant's answer. The answer's confidence
 * goes to the domain with the configured threshold; the domain decides whether a person takes over. An assistant
 * that fails counts as an unsure one: the visitor is handed to a person rather than left without a reply.
 * Answers the conversation from the visitor's message on.
 */
export class PostVisitorMessageCommand extends Command<VisitorConversation> {
  constructor(
    readonly session: ChatSessionDoc,
    readonly content: string,
  ) {
    super();
  }
}

@CommandHandler(PostVisitorMessageCommand)
export class PostVisitorMessageHandler implements ICommandHandler<PostVisitorMessageCommand> {
  constructor(
    private readonly runner: StreamRunner,
    private readonly sites: SiteRegistry,
    private readonly users: UserContextReader,
    private readonly presence: AdminPresence,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(ASSISTANT) private readonly assistant: Assistant,
    @Inject(CHAT_CONFIG) private readonly config: ChatConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async execute({ session, content }: PostVisitorMessageCommand): Promise<VisitorConversation> {
    const { sessionId, contextPage } = session;
    const stream = ChatStreams.session(sessionId);
    const posted = await this.runner.run(
      chatSessionDecider,
      stream,
      { type: 'PostVisitorMessage', messageId: this.ids.next(), content, at: this.runner.now() },
      { actor: this.sites.actorOf(session.siteKey, session.userId, session.visitorId) },
    );
    const fromSeq = posted.state.messageCount - 1;
    if (posted.state.status === 'active') {
      let answer = { content: '', confidence: 0, sources: [] as { slug: string; title: string }[] };
      try {
        const user = await this.users.forChat(session);
        const result = await this.assistant.answer({ question: content.trim(), contextPage, user });
        answer = { content: result.content, confidence: result.confidence, sources: [...result.sources] };
      } catch (error) {
        this.logger.error({ err: error, sessionId, assistant: this.assistant.name }, 'assistant failed');
      }
      await this.runner.run(
        chatSessionDecider,
        stream,
        {
          type: 'RecordAssistantAnswer',
          messageId: this.ids.next(),
          content: answer.content || '…',
          confidenceScore: answer.confidence,
          sources: answer.sources,
          threshold: this.config.SCRIVO_CHAT_CONFIDENCE_THRESHOLD,
          at: this.runner.now(),
        },
        { actor: { kind: 'system', id: `assistant:${this.assistant.name}` } },
      );
    }
    return visitorConversation(this.readModels, this.presence, sessionId, fromSeq);
  }
}

export const visitorChatCommandHandlers = [
  StartChatHandler,
  ChangeVisitorChatHandler,
  PostVisitorMessageHandler,
];
