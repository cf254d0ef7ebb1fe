import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type Clock,
  CommandHandler,
  type EventStore,
  type Ids,
  type UpcasterRegistry,
} from '@scrivo/domain';
import {
  type ChatSessionCommand,
  type ChatSessionEvent,
  type ChatSessionState,
  type ChatSiteCommand,
  type ChatSiteEvent,
  type ChatSiteState,
  ChatStreams,
  chatSessionDecider,
  chatSiteDecider,
} from '@scrivo/domain/chat';
import { currentRequest } from '../../common/request-context';
import { Projections } from '../../infrastructure/projection-registry';
import { CLOCK, EVENT_STORE, IDS, UPCASTERS } from '../../infrastructure/tokens';

/**
 * The chat streams behind the kernel's CommandHandler. Every write waits for the read models, so the caller
 * reads it back at once; the open event streams hear of it through ChatNotifier, which follows the store.
 */
@Injectable()
export class ChatStreamsService {
  private readonly sessions: CommandHandler<ChatSessionCommand, ChatSessionEvent, ChatSessionState>;
  private readonly sites: CommandHandler<ChatSiteCommand, ChatSiteEvent, ChatSiteState>;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CLOCK) readonly clock: Clock,
    @Inject(IDS) readonly ids: Ids,
    @Inject(UPCASTERS) upcasters: UpcasterRegistry,
    private readonly projections: Projections,
  ) {
    const deps = { store, clock, ids, upcasters };
    this.sessions = new CommandHandler(chatSessionDecider, deps);
    this.sites = new CommandHandler(chatSiteDecider, deps);
  }

  now(): string {
    return this.clock.now().toISOString();
  }

  private context(actor: Actor) {
    const request = currentRequest();
    return {
      actor,
      correlationId: request?.correlationId ?? this.ids.next(),
      causationId: request?.requestId ?? null,
    };
  }

  async session(sessionId: string, command: ChatSessionCommand, actor: Actor) {
    const result = await this.sessions.handle(ChatStreams.session(sessionId), command, this.context(actor));
    await this.projections.waitFor(result.lastPosition);
    return result;
  }

  async site(siteKey: string, command: ChatSiteCommand, actor: Actor) {
    const result = await this.sites.handle(ChatStreams.site(siteKey), command, this.context(actor));
    await this.projections.waitFor(result.lastPosition);
    return result;
  }

  async siteState(siteKey: string) {
    return (await this.sites.load(ChatStreams.site(siteKey))).state;
  }
}
