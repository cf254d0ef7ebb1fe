import { Injectable } from '@nestjs/common';
import type { ChatStreamUpdate } from '@scrivo/contracts';
import { EventEmitter } from 'node:events';

/**
 * Pushes "this session changed" to the open event streams of this API process, after the read models have the
 * change. With several API replicas each one only hears its own writes; the widget and the admin pane also poll,
 * so a replica that misses a push still shows the change within seconds.
 */
@Injectable()
export class ChatNotifier {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(update: ChatStreamUpdate): void {
    this.emitter.emit(`session:${update.sessionId}`, update);
    this.emitter.emit('admin', update);
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
