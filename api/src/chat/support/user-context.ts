import { Inject, Injectable } from '@nestjs/common';
import type { ReadModelStore } from '@scrivo/domain';
import { usagePeriod } from '@scrivo/domain/recordings';
import {
  USER_USAGE_COLLECTION,
  type AssistantUserContext,
  type PlanTier,
  type UserUsageDoc,
} from '@scrivo/domain/chat';
import type { UserDocCore } from '../../common/auth/authenticated';
import { planOf, weeklyAnchorOf } from '../../common/auth/plan-of';
import { READ_MODELS } from '../../infrastructure/tokens';
import { CHAT_CONFIG, type ChatConfig } from './chat-config';

/** Who a chat is tied to: the site that vouched for the identity, and the user id there. */
export interface ChatIdentityRef {
  readonly siteKey: string;
  readonly userId: string | null;
}

/**
 * The facts about a user that the assistant and the admin pane may state: email and plan from `users`, minutes
 * used this period from the `usage` read model (fed by the recordings feature's usage events). Only identities
 * vouched for by the app's own site are Scrivo users: a partner site's user "u-1" is not Scrivo's "u-1".
 */
@Injectable()
export class UserContextReader {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    @Inject(CHAT_CONFIG) private readonly chat: ChatConfig,
  ) {}

  /** The Scrivo account behind a chat, or null when the identity came from another site (or there is none). */
  scrivoUserId({ siteKey, userId }: ChatIdentityRef): string | null {
    return siteKey === this.chat.SCRIVO_CHAT_SITE_KEY ? userId : null;
  }

  async forChat(chat: ChatIdentityRef): Promise<AssistantUserContext | null> {
    const userId = this.scrivoUserId(chat);
    if (!userId) return null;
    const user = await this.readModels.collection<UserDocCore>('users').get(userId);
    if (!user) return null;
    const usage = await this.readModels.collection<UserUsageDoc>(USER_USAGE_COLLECTION).get(userId);
    // A weekly subscriber's period is the billing week.
    const thisPeriod = usagePeriod(new Date(), weeklyAnchorOf(user, new Date())).id;
    return {
      email: user.email,
      plan: planOf(user, new Date()),
      minutesUsed: usage?.period === thisPeriod ? usage.minutesUsed : 0,
    };
  }

  /** Plan tiers by Scrivo user id, for the chats tied to Scrivo accounts. */
  async tiers(chats: readonly ChatIdentityRef[]): Promise<Map<string, PlanTier>> {
    const tiers = new Map<string, PlanTier>();
    const userIds = chats.flatMap((c) => this.scrivoUserId(c) ?? []);
    for (const id of new Set(userIds)) {
      const user = await this.readModels.collection<UserDocCore>('users').get(id);
      if (user) tiers.set(id, planOf(user, new Date()));
    }
    return tiers;
  }
}
