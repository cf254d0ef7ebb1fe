import { Inject, Injectable } from '@nestjs/common';
import type { ReadModelStore } from '@scrivo/domain';
import {
  ADMIN_PRESENCE_STREAM,
  CHAT_PRESENCE,
  type ChatPresenceDoc,
  adminPresenceDecider,
  adminsAvailable,
  presenceWorthNoting,
} from '@scrivo/domain/chat';
import { ROOT_LOGGER, type RootLogger } from '../../common/logger';
import { StreamRunner } from '../../infrastructure/stream-runner';
import { READ_MODELS } from '../../infrastructure/tokens';
import { CHAT_CONFIG, type ChatConfig } from './chat-config';

/**
 * Whether a person is around to answer. An admin who used the queue recently (it polls every 5 s while open)
 * counts as available; otherwise the widget offers to leave an email. Sightings are events on one stream
 * (`adminPresenceDecider`), projected into `chat_presence`, so every replica sees them.
 */
@Injectable()
export class AdminPresence {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CHAT_CONFIG) private readonly config: ChatConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    private readonly runner: StreamRunner,
  ) {}

  /** Best effort: a sighting that cannot be noted never fails the admin's request (it is noted at the next). */
  async seen(adminId: string): Promise<void> {
    try {
      const now = this.runner.now();
      if (!presenceWorthNoting(await this.lastSeenAt(), now, this.awaySeconds)) return;
      await this.runner.record(
        adminPresenceDecider,
        ADMIN_PRESENCE_STREAM,
        { type: 'NoteAdminPresent', adminId, now },
        { actor: { kind: 'admin', id: adminId } },
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'admin presence not noted');
    }
  }

  async available(): Promise<boolean> {
    return adminsAvailable(await this.lastSeenAt(), this.runner.now(), this.awaySeconds);
  }

  private get awaySeconds(): number {
    return this.config.SCRIVO_CHAT_ADMIN_AWAY_SECONDS;
  }

  private async lastSeenAt(): Promise<string | null> {
    const doc = await this.readModels.collection<ChatPresenceDoc>(CHAT_PRESENCE).get('admins');
    return doc?.lastSeenAt ?? null;
  }
}
