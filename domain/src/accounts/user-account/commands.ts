import type { ChangedBy, Language, PlanId, VerificationMethod } from '../events';
import type { BillingPeriod, PaidPlanId, PaymentsHere, SubscriptionSnapshot } from '../subscription';

export type UserAccountCommand =
  | {
      readonly type: 'RegisterUser';
      readonly userId: string;
      readonly email: string;
      readonly passwordHash: string | null;
      readonly firstName: string;
      readonly lastName: string;
      readonly industry: string | null;
      readonly hearAboutUs: string | null;
      readonly language: Language;
      /** Set when the address was already proven (a consumed code or a Google identity). */
      readonly verifiedBy: VerificationMethod | null;
      /**
       * The sign-up itself starts the account's first session, so it is its first sign-in: without it an account
       * that never signs in again reads "Last sign-in: Never" and exports no sign-ins.
       */
      readonly signsIn?: boolean;
      readonly googleSubject?: string;
      /** The plan new accounts start on (SCRIVO_DEFAULT_PLAN); Free when not given. */
      readonly plan?: PlanId;
      readonly at: string;
    }
  | { readonly type: 'VerifyUserEmail'; readonly method: VerificationMethod; readonly at: string }
  | {
      readonly type: 'RecordPasswordSignIn';
      /** The API checked the password against the stored hash (hashing is a port, not a rule). */
      readonly passwordMatched: boolean;
      readonly at: string;
    }
  | { readonly type: 'SignInWithGoogle'; readonly googleSubject: string; readonly at: string }
  | {
      readonly type: 'RequestPasswordReset';
      readonly tokenHash: string;
      readonly expiresAt: string;
      readonly at: string;
    }
  | {
      readonly type: 'ResetPassword';
      readonly tokenHash: string;
      readonly newPasswordHash: string;
      readonly at: string;
    }
  | {
      /** Delete my account: the API checked the password against the stored hash. */
      readonly type: 'RequestAccountErasure';
      /**
       * How the owner proved it is them: their password, or a code emailed to them (the only way for an account
       * made through Google that never set a password). `confirmed`: the API checked it and it matched.
       */
      readonly confirmedBy: 'password' | 'code';
      readonly confirmed: boolean;
      readonly at: string;
    }
  | {
      /** The account-erasure reactor erased everything the account held. */
      readonly type: 'CompleteAccountErasure';
      readonly at: string;
    }
  | {
      /** On the account page: the API checked the current password against the stored hash. */
      readonly type: 'ChangePassword';
      readonly currentPasswordMatched: boolean;
      readonly newPasswordHash: string;
      readonly at: string;
    }
  | {
      readonly type: 'UpdateProfile';
      readonly firstName?: string;
      readonly lastName?: string;
      readonly language?: Language;
      readonly at: string;
    }
  | { readonly type: 'ChangePlan'; readonly plan: PlanId; readonly at: string }
  | {
      /** The plan page's choice; the API says whether anything can be bought on this server. */
      readonly type: 'ChoosePlan';
      readonly plan: PlanId;
      readonly payments: PaymentsHere;
      readonly at: string;
    }
  // ---- an operator's changes (the console and the CLI); each carries who and why ----
  | {
      readonly type: 'SetPlanByAdmin';
      readonly plan: PlanId;
      /** The plan ends at this instant and the lasting plan comes back; null = for good. */
      readonly until: string | null;
      readonly by: ChangedBy;
      readonly reason: string;
      readonly at: string;
    }
  | {
      readonly type: 'GrantMinutes';
      readonly grantId: string;
      readonly minutes: number;
      /** The usage period (`YYYY-MM`) the minutes are for: the current one. */
      readonly period: string;
      readonly by: ChangedBy;
      readonly reason: string;
      readonly at: string;
    }
  | { readonly type: 'SuspendUser'; readonly by: ChangedBy; readonly reason: string; readonly at: string }
  | { readonly type: 'ReactivateUser'; readonly by: ChangedBy; readonly reason: string; readonly at: string }
  // ---- the payment provider's signed notifications (webhooks); each carries the provider's event id ----
  | {
      /** A checkout completed, or the provider sent the subscription itself (updated, deleted). */
      readonly type: 'SyncSubscription';
      readonly providerEventId: string;
      readonly snapshot: SubscriptionSnapshot;
      readonly at: string;
    }
  | {
      /** An invoice of the subscription was paid: the plan is active through the invoice's period. */
      readonly type: 'RecordSubscriptionPaid';
      readonly providerEventId: string;
      readonly subscriptionId: string;
      readonly customerId: string;
      readonly plan: PaidPlanId;
      readonly billingPeriod: BillingPeriod;
      readonly periodStart: string;
      readonly periodEnd: string;
      /** When the provider produced the notification. */
      readonly asOf: string;
      readonly at: string;
    }
  | {
      readonly type: 'RecordSubscriptionPaymentFailed';
      readonly providerEventId: string;
      readonly subscriptionId: string;
      /** When the provider produced the notification: the grace is counted from the failure, not its delivery. */
      readonly failedAt: string;
      readonly at: string;
    };

/** One command of the union, by its type: what each command's function takes. */
export type UserAccountCommandOf<Type extends UserAccountCommand['type']> = Extract<
  UserAccountCommand,
  { readonly type: Type }
>;
