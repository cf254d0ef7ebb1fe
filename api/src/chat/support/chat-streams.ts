import { Inject, Injectable } from '@nestjs/common';
import type { Actor, Ids } from '@scrivo/domain';
import {
  type ChatSessionCommand,
  type ChatSiteCommand,
  ChatStreams,
  chatSessionDecider,
  chatSiteDecider,
} from '@scrivo/domain/chat';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { IDS } from '../../infrastructure/tokens';

/**
 * The chat streams through the one StreamRunner: every write answers once the read models hold it; the open
 * event streams hear of it through ChatNotifier, which follows the store.
 */
@Injectable()
export class ChatStreamsService {
  constructor(
    private readonly runner: StreamRunner,
    @Inject(IDS) readonly ids: Ids,
  ) {}

  now(): string {
    return this.runner.now();
  }

  session(sessionId: string, command: ChatSessionCommand, actor: Actor) {
    return this.runner.run(chatSessionDecider, ChatStreams.session(sessionId), command, { actor });
  }

  site(siteKey: string, command: ChatSiteCommand, actor: Actor) {
    return this.runner.run(chatSiteDecider, ChatStreams.site(siteKey), command, { actor });
  }

  siteState(siteKey: string) {
    return this.runner.state(chatSiteDecider, ChatStreams.site(siteKey));
  }
}
