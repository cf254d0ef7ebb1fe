import {
  signedStripeWebhook,
  stripeEvent,
  type StripeTestEvent,
} from '@scrivo/adapters/testing/stripe-events';
import { AccountStreams } from '@scrivo/domain/accounts';
import { describe, expect, it } from 'vitest';
import { signedInClient } from '../support/sessions';
import { appWithStripeMock, STRIPE_MOCK, STRIPE_WEBHOOK_SECRET, unix, WEBHOOK_PATH } from './support';

/** Stripe's default tolerance: a signature older than this is a replay, whatever else it proves. */
const TOLERANCE_SECONDS = 300;

/**
 * The Stripe webhook at run time, against the real API pointed at stripe-mock: what a forged, stale or replayed
 * delivery gets (a 400 and no change), as an attacker who captured one delivery, or never saw the secret, would
 * send it.
 */
describe.skipIf(!STRIPE_MOCK)('Stripe webhook signatures (against stripe-mock)', () => {
  const running = appWithStripeMock();

  const post = async (body: string, signature: string | null) => {
    const answer = await fetch(`${running.app.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      body,
    });
    const text = await answer.text();
    return {
      status: answer.status,
      code: text.startsWith('{') ? (JSON.parse(text) as { code?: string }).code : null,
    };
  };
  const send = (event: StripeTestEvent, timestamp?: number, secret = STRIPE_WEBHOOK_SECRET) => {
    const { body, signature } = signedStripeWebhook(event, secret, timestamp);
    return post(body.toString('utf8'), signature);
  };
  const userEvents = async (userId: string) =>
    (await running.app.scrivo.adapters.events.readStream(AccountStreams.user(userId))).length;
  const checkout = async () => {
    const { userId } = await signedInClient(running.app);
    return {
      userId,
      event: stripeEvent.checkoutCompleted({ userId, plan: 'premium', billingPeriod: 'monthly' }),
    };
  };

  it('refuses a signature older than five minutes (a captured delivery sent again later), and changes nothing', async () => {
    const { userId, event } = await checkout();
    const before = await userEvents(userId);
    const stale = await send(event, unix(Date.now()) - TOLERANCE_SECONDS - 30);
    expect(stale).toEqual({ status: 400, code: 'INVALID_WEBHOOK_SIGNATURE' });
    expect(await userEvents(userId)).toBe(before);
    // Only the age was wrong: the same event signed now is applied.
    expect((await send(event)).status).toBe(200);
    expect(await userEvents(userId)).toBeGreaterThan(before);
  });

  it('applies a delivery replayed within the tolerance once only, and refuses its timestamp moved forward', async () => {
    const { userId, event } = await checkout();
    const { body, signature } = signedStripeWebhook(event, STRIPE_WEBHOOK_SECRET);
    expect((await post(body.toString('utf8'), signature)).status).toBe(200);
    const applied = await userEvents(userId);
    expect((await post(body.toString('utf8'), signature)).status).toBe(200);
    expect(await userEvents(userId)).toBe(applied);
    // The timestamp is signed with the body: rewriting it to look fresh breaks the signature.
    const moved = signature.replace(/t=\d+/, `t=${unix(Date.now()) + 60}`);
    expect(await post(body.toString('utf8'), moved)).toEqual({
      status: 400,
      code: 'INVALID_WEBHOOK_SIGNATURE',
    });
  });

  it('refuses forged deliveries with a 400, never a 5xx, and changes nothing', async () => {
    const { userId, event } = await checkout();
    const before = await userEvents(userId);
    const { body, signature } = signedStripeWebhook(event, STRIPE_WEBHOOK_SECRET);
    const t = /t=(\d+)/.exec(signature)?.[1] ?? '0';
    const other = stripeEvent.checkoutCompleted({ userId, plan: 'business_pro', billingPeriod: 'monthly' });
    const forgeries: [string, string, string | null][] = [
      ['another secret', body.toString('utf8'), signedStripeWebhook(event, 'whsec_attacker').signature],
      ['another body under this signature', JSON.stringify(other), signature],
      ['no signature header', body.toString('utf8'), null],
      ['an empty header', body.toString('utf8'), ''],
      ['only the v0 scheme', body.toString('utf8'), `t=${t},v0=${'0'.repeat(64)}`],
      ['no timestamp', body.toString('utf8'), signature.replace(/t=\d+,/, '')],
      ['a garbled header', body.toString('utf8'), 't=abc,v1=%%%,,='],
      ['a huge timestamp', body.toString('utf8'), signature.replace(/t=\d+/, `t=${'9'.repeat(40)}`)],
    ];
    for (const [what, forgedBody, forgedSignature] of forgeries)
      expect(await post(forgedBody, forgedSignature), what).toEqual({
        status: 400,
        code: 'INVALID_WEBHOOK_SIGNATURE',
      });
    expect(await userEvents(userId)).toBe(before);
  });
});
