import type { Request } from 'express';

import type { PlanId } from '@scrivo/domain/plans';

export type { PlanId };

/** The signed-in user as every feature sees it. Loaded per request from the `users` read model. */
export interface AuthenticatedUser {
  readonly id: string;
  readonly email: string;
  readonly plan: PlanId;
  readonly language: 'en' | 'es' | 'fr';
  /** A weekly subscription's period start: the minutes reset per its billing week (null = calendar months). */
  readonly weeklyAnchor?: string | null;
}

export interface AuthenticatedAdmin {
  readonly id: string;
  readonly email: string;
}

/** Read-only staff: may read every stream through /api/audit, and change nothing. */
export interface AuthenticatedAuditor {
  readonly id: string;
  readonly email: string;
}

/**
 * The fields of the `users` read-model document that other features rely on (the accounts projection owns the
 * collection and may add more).
 */
export interface UserDocCore {
  readonly id: string;
  readonly email: string;
  readonly plan: PlanId;
  /** A plan an operator gave until a date: it ends at `planUntil` and `planAfter` applies from then. */
  readonly planUntil?: string | null;
  readonly planAfter?: PlanId | null;
  /** A suspended user's sessions resolve to nobody, so every one of them ends at once. */
  readonly suspended?: boolean;
  readonly language?: 'en' | 'es' | 'fr';
  /** The paid subscription (accounts' UserDoc holds all of it); what usage periods need. */
  readonly subscription?: {
    readonly plan: PlanId;
    readonly billingPeriod: 'weekly' | 'monthly';
    readonly currentPeriodStart: string;
  } | null;
}

export interface AuthenticatedRequest extends Request {
  user?: AuthenticatedUser;
  admin?: AuthenticatedAdmin;
  auditor?: AuthenticatedAuditor;
}
