import type { PlanId } from './events';

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
  close?(): Promise<void>;
}

export interface CheckoutRequest {
  readonly userId: string;
  readonly email: string;
  readonly plan: Exclude<PlanId, 'free'>;
}

/** Takes payment for a paid plan. The plan changes when the provider confirms the payment, never before. */
export interface PaymentProvider {
  readonly name: string;
  /** A page where the user pays; throws DomainError('PAYMENTS_NOT_CONFIGURED') when there is no provider. */
  startCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string }>;
}
