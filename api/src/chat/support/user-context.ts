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
import { READ_MODELS } from '../../infrastructure/tokens';

/**
 * The facts about a user that the assistant and the admin pane may state: email and plan from `users`, minutes
 * used this period from the `usage` read model (fed by the recordings feature's usage events).
 */
@Injectable()
export class UserContextReader {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async forUser(userId: string | null): Promise<AssistantUserContext | null> {
    if (!userId) return null;
    const user = await this.readModels.collection<UserDocCore>('users').get(userId);
    if (!user) return null;
    const usage = await this.readModels.collection<UserUsageDoc>(USER_USAGE_COLLECTION).get(userId);
    const thisPeriod = usagePeriod(new Date()).id;
    return {
      email: user.email,
      plan: (user.plan ?? 'free') as PlanTier,
      minutesUsed: usage?.period === thisPeriod ? usage.minutesUsed : 0,
    };
  }

  async tiers(userIds: readonly string[]): Promise<Map<string, PlanTier>> {
    const tiers = new Map<string, PlanTier>();
    for (const id of new Set(userIds)) {
      const user = await this.readModels.collection<UserDocCore>('users').get(id);
      if (user) tiers.set(id, (user.plan ?? 'free') as PlanTier);
    }
    return tiers;
  }
}
