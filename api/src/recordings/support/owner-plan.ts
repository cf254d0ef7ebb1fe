import type { ReadModelStore } from '@scrivo/domain';
import type { PlanId } from '@scrivo/domain/recordings';
import type { UserDocCore } from '../../common/auth/authenticated';
import { planOf, weeklyAnchorOf } from '../../common/auth/plan-of';

/**
 * Looks up an account's plan in force in the users read model (Free when the account is unknown): a plan given
 * until a date, or a subscription, has ended by itself once its end has passed.
 */
export const ownerPlanLookup =
  (readModels: ReadModelStore) =>
  async (ownerId: string): Promise<PlanId> => {
    const doc = await readModels.collection<UserDocCore>('users').get(ownerId);
    return doc ? planOf(doc, new Date()) : 'free';
  };

/** The account's weekly billing anchor (see weeklyAnchorOf), or null for calendar months. */
export const ownerWeeklyAnchorLookup =
  (readModels: ReadModelStore) =>
  async (ownerId: string): Promise<string | null> => {
    const doc = await readModels.collection<UserDocCore>('users').get(ownerId);
    return doc ? weeklyAnchorOf(doc, new Date()) : null;
  };
