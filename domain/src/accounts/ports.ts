import type { BillingPeriod, PaidPlanId, SubscriptionSnapshot } from './subscription';

/** Password hashing (argon2id in adapters/src/passwords). Slow on purpose, so it is a port, not a rule. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Lets tools (and tests) find a message's purpose without parsing the body, e.g. 'verification-code'. */
  readonly tag?: string;
}

/** Sends email. Adapters: an outbox of .eml files (embedded mode) and SMTP. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Deletes every copy the mailer keeps of messages to this address (an erased account's codes and names): the
   * embedded outbox's files; a mail server keeps none here.
   */
  forget?(address: string): Promise<void>;
  close?(): Promise<void>;
}

export interface CheckoutRequest {
  readonly userId: string;
  readonly email: string;
  readonly plan: PaidPlanId;
  readonly billingPeriod: BillingPeriod;
  /** The provider's customer the account already has (a second subscription reuses it); null the first time. */
  readonly customerId: string | null;
  /** Where the provider sends the user back after paying, and after giving up. */
  readonly successUrl: string;
  readonly cancelUrl: string;
}

/**
 * A payment provider's signed notification (webhook), read into what the account decides with. Every kind
 * carries the provider's event id, the key that makes a redelivery change nothing.
 */
export type BillingNotice =
  | {
      /** The subscription as it now is (a completed checkout gives a provisional one). */
      readonly kind: 'subscription';
      readonly eventId: string;
      readonly userId: string;
      readonly snapshot: SubscriptionSnapshot;
    }
  | {
      /** An invoice of the subscription was paid, for the period it names. */
      readonly kind: 'paid';
      readonly eventId: string;
      readonly userId: string;
      readonly subscriptionId: string;
      readonly customerId: string;
      readonly plan: PaidPlanId;
      readonly billingPeriod: BillingPeriod;
      readonly periodStart: string;
      readonly periodEnd: string;
      readonly asOf: string;
    }
  | {
      readonly kind: 'payment_failed';
      readonly eventId: string;
      readonly userId: string;
      readonly subscriptionId: string;
      readonly failedAt: string;
    }
  | {
      /** A type this server does not act on, or one about nothing of ours: acknowledged, so it is not resent. */
      readonly kind: 'ignored';
      readonly eventId: string;
      readonly eventType: string;
      readonly reason: string;
    };

/** Takes payment for a paid plan. The plan changes when the provider confirms the payment, never before. */
export interface PaymentProvider {
  /** 'none' when nothing can be bought here. */
  readonly name: string;
  /** A page where the user pays (with no provider here, the account refuses a paid plan before asking for one). */
  startCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string }>;
  /** The provider's own page where a customer changes card, cancels or sees invoices. */
  openBillingPortal(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Verifies the signature over the exact bytes received (throws DomainError('INVALID_WEBHOOK_SIGNATURE')) and
   * reads the notification.
   */
  readWebhook(rawBody: Uint8Array, signature: string | undefined): BillingNotice;
}
