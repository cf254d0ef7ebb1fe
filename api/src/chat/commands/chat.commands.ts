import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '@scrivo/domain';
import type { Assistant, ChatSessionCommand } from '@scrivo/domain/chat';
import { ROOT_LOGGER, type RootLogger } from '../../common/logger';
import { ASSISTANT, CHAT_CONFIG, type ChatConfig } from '../support/chat-config';
import { ChatStreamsService } from '../support/chat-streams';
import { type ChatIdentityRef, UserContextReader } from '../support/user-context';

/** Any one command on a chat session stream, on behalf of `actor`. */
export class RunChatCommand extends Command<void> {
  constructor(
    readonly sessionId: string,
    readonly command: ChatSessionCommand,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(RunChatCommand)
export class RunChatHandler implements ICommandHandler<RunChatCommand> {
  constructor(private readonly streams: ChatStreamsService) {}

  async execute({ sessionId, command, actor }: RunChatCommand): Promise<void> {
    await this.streams.session(sessionId, command, actor);
  }
}

/**
 * A visitor's message, then (while no person has taken over) the assistant's answer. The answer's confidence
 * goes to the domain with the configured threshold; the domain decides whether a person takes over. An assistant
 * that fails counts as an unsure one: the visitor is handed to a person rather than left without a reply.
 */
export class PostVisitorMessageCommand extends Command<{ fromSeq: number }> {
  constructor(
    readonly sessionId: string,
    readonly content: string,
    readonly contextPage: string,
    /** The site and user id the chat is tied to; only the app's own site maps to a Scrivo account. */
    readonly identity: ChatIdentityRef,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(PostVisitorMessageCommand)
export class PostVisitorMessageHandler implements ICommandHandler<PostVisitorMessageCommand> {
  constructor(
    private readonly streams: ChatStreamsService,
    private readonly users: UserContextReader,
    @Inject(ASSISTANT) private readonly assistant: Assistant,
    @Inject(CHAT_CONFIG) private readonly config: ChatConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async execute({ sessionId, content, contextPage, identity, actor }: PostVisitorMessageCommand) {
    const posted = await this.streams.session(
      sessionId,
      { type: 'PostVisitorMessage', messageId: this.streams.ids.next(), content, at: this.streams.now() },
      actor,
    );
    const fromSeq = posted.state.messageCount - 1;
    if (posted.state.status !== 'active') return { fromSeq };

    let answer = { content: '', confidence: 0, sources: [] as { slug: string; title: string }[] };
    try {
      const user = await this.users.forChat(identity);
      const result = await this.assistant.answer({ question: content.trim(), contextPage, user });
      answer = { content: result.content, confidence: result.confidence, sources: [...result.sources] };
    } catch (error) {
      this.logger.error({ err: error, sessionId, assistant: this.assistant.name }, 'assistant failed');
    }
    await this.streams.session(
      sessionId,
      {
        type: 'RecordAssistantAnswer',
        messageId: this.streams.ids.next(),
        content: answer.content || '…',
        confidenceScore: answer.confidence,
        sources: answer.sources,
        threshold: this.config.SCRIVO_CHAT_CONFIDENCE_THRESHOLD,
        at: this.streams.now(),
      },
      { kind: 'system', id: `assistant:${this.assistant.name}` },
    );
    return { fromSeq };
  }
}
