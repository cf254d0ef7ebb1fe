import { Inject, Injectable } from '@nestjs/common';
import type { Clock, ReadModelStore } from '@scrivo/domain';
import { CLOCK, READ_MODELS } from '../../infrastructure/tokens';
import { CHAT_CONFIG, type ChatConfig } from './chat-config';

const PRESENCE = 'chat_presence';
/** Writes are throttled: the admin pane polls every 5 s and that need not be a write every time. */
const WRITE_EVERY_MS = 15_000;

/**
 * Whether a person is around to answer. An admin who used the queue recently (it polls every 5 s while open)
 * counts as available; otherwise the widget offers to leave an email. Kept in the read-model store so every
 * replica sees it.
 */
@Injectable()
export class AdminPresence {
  private lastWrite = 0;

  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CHAT_CONFIG) private readonly config: ChatConfig,
  ) {}

  async seen(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastWrite < WRITE_EVERY_MS) return;
    this.lastWrite = now;
    await this.readModels.collection<{ id: string; lastSeenAt: string }>(PRESENCE).upsert({
      id: 'admins',
      lastSeenAt: new Date(now).toISOString(),
    });
  }

  async available(): Promise<boolean> {
    const doc = await this.readModels.collection<{ id: string; lastSeenAt: string }>(PRESENCE).get('admins');
    if (!doc) return false;
    return (
      this.clock.now().getTime() - Date.parse(doc.lastSeenAt) <
      this.config.SCRIVO_CHAT_ADMIN_AWAY_SECONDS * 1000
    );
  }
}
