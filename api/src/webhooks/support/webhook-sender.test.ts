import { describe, expect, it } from 'vitest';
import { WebhookSender } from './webhook-sender';

const post = (url: string) => ({
  url,
  secret: 'whsec_test',
  body: '{}',
  deliveryId: 'd1',
  event: 'transcription.completed',
  attempt: 1,
});

describe('a failed webhook attempt’s error', () => {
  const sender = new WebhookSender({ allowPrivate: false, timeoutMs: 5_000 });

  // The error is kept in clear in the events; the address is its owner's and sealed with their key.
  it('says why without naming the host of the address its owner typed', async () => {
    const unknown = await sender.send(post('https://drizzlefont.invalid/hook'), new Date());
    expect(unknown).toMatchObject({ ok: false, statusCode: null });
    expect(unknown.error).toMatch(/<host>/);
    expect(unknown.error).not.toMatch(/drizzlefont/);

    const loopback = await sender.send(post('http://127.0.0.1:9/hook'), new Date());
    expect(loopback.error).toBe('The address <host> is private; webhooks are not sent to private networks.');
  });
});
