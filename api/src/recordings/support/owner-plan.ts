import type { ReadModelStore } from '@scrivo/domain';
import type { PlanId } from '@scrivo/domain/recordings';
import type { UserDocCore } from '../../common/auth/authenticated';

/** Looks up an account's current plan in the users read model (Free when the account is unknown). */
export const ownerPlanLookup =
  (readModels: ReadModelStore) =>
  async (ownerId: string): Promise<PlanId> =>
    (await readModels.collection<UserDocCore>('users').get(ownerId))?.plan ?? 'free';
