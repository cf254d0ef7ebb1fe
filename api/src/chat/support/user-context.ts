import { Inject, Injectable } from '@nestjs/common';
import type { ReadModelStore } from '@scrivo/domain';
import type { AssistantUserContext, PlanTier } from '@scrivo/domain/chat';
import type { UserDocCore } from '../../common/auth/authenticated';
import { READ_MODELS } from '../../infrastructure/tokens';

interface UsageDoc {
  readonly id: string;
  readonly minutesUsed?: number;
}

/**
 * The facts about a user that the assistant and the admin pane may state: email and plan from `users`, minutes
 * used this period from the recordings feature's `usage` read model (0 while that feature has none).
 */
@Injectable()
export class UserContextReader {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModelStore) {}

  async forUser(userId: string | null): Promise<AssistantUserContext | null> {
    if (!userId) return null;
    const user = await this.readModels.collection<UserDocCore>('users').get(userId);
    if (!user) return null;
    const usage = await this.readModels
      .collection<UsageDoc>('usage')
      .get(userId)
      .catch(() => null);
    return {
      email: user.email,
      plan: (user.plan ?? 'free') as PlanTier,
      minutesUsed: usage?.minutesUsed ?? 0,
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
