import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { PaymentProvider } from '@scrivo/domain/accounts';
import type { Request } from 'express';
import { CRASH_POINTS, type CrashPoints } from '../../common/crash-points';
import { ApplyBillingNoticeCommand } from '../commands/billing.commands';
import { PAYMENT_PROVIDER } from '../tokens';

/**
 * Where Stripe posts its notifications. Outside the ts-rest contract on purpose: the signature covers the exact
 * bytes sent, so create-app keeps this one route's body raw (a Buffer) instead of parsing JSON, and the CSRF check
 * exempts exactly this path (Stripe is not a browser; the signature is the authentication).
 */
export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';

@Controller()
export class BillingWebhookController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    @Inject(CRASH_POINTS) private readonly crash: CrashPoints,
  ) {}

  /** 200 once applied or deliberately ignored; 400 for a bad signature (nothing changes); 5xx makes Stripe retry. */
  @Post(STRIPE_WEBHOOK_PATH)
  @HttpCode(200)
  async receive(@Req() req: Request): Promise<{ received: true }> {
    const body: unknown = req.body;
    const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const notice = this.payments.readWebhook(raw, req.header('stripe-signature'));
    this.crash.reached('billing-verified');
    await this.commands.execute(new ApplyBillingNoticeCommand(notice));
    this.crash.reached('billing-applied');
    return { received: true };
  }
}
