import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ChatStreamUpdate } from '@scrivo/contracts';
import type { EventStore, ReadModelStore, Subscription } from '@scrivo/domain';
import { CHAT_SESSION_EVENT_TYPES, CHAT_SESSIONS, type ChatSessionDoc } from '@scrivo/domain/chat';
import { EventEmitter } from 'node:events';
import { Projections } from '../../infrastructure/projection-registry';
import { followSettledEvents } from '../../infrastructure/settled-events';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens';

const types = new Set<string>(CHAT_SESSION_EVENT_TYPES);

/**
 * Pushes "this session changed" to this process's open event streams. It follows the event store, not the
 * writes of this process, so a visitor connected to one API replica sees an admin's reply made on another.
 */
@Injectable()
export class ChatNotifier implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    private readonly projections: Projections,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await followSettledEvents(this.events, this.projections, types, async (event) => {
      const sessionId = (event.data as { sessionId: string }).sessionId;
      const doc = await this.readModels.collection<ChatSessionDoc>(CHAT_SESSIONS).get(sessionId);
      if (!doc) return;
      const update: ChatStreamUpdate = { sessionId, status: doc.status, lastSeq: doc.messageCount };
      this.emitter.emit(`session:${sessionId}`, update);
      this.emitter.emit('admin', update);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }

  onSession(sessionId: string, listener: (update: ChatStreamUpdate) => void): () => void {
    this.emitter.on(`session:${sessionId}`, listener);
    return () => this.emitter.off(`session:${sessionId}`, listener);
  }

  onAny(listener: (update: ChatStreamUpdate) => void): () => void {
    this.emitter.on('admin', listener);
    return () => this.emitter.off('admin', listener);
  }
}
