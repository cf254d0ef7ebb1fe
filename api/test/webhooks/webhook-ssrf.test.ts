import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../src/webhooks/support/safe-target';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { startReceiver, type WebhookReceiver } from './support/receiver';
import { bodyOf, expectStatus } from '../support/expect-status';

describe('webhooks never reach private addresses unless the operator allows it (SSRF)', () => {
  it('knows loopback, private, link-local and mapped addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('reads the IPv4 address inside IPv6 forms that deliver to it, and refuses the private ones', () => {
    for (const address of [
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
      '::10.0.0.1',
      '::ffff:7f00:1', // IPv4-mapped, hex spelling
      '0:0:0:0:0:ffff:169.254.169.254',
      '::ffff:0:127.0.0.1', // SIIT (IPv4-translated)
      '::ffff:0:a00:1',
      '64:ff9b::127.0.0.1', // NAT64, well-known prefix
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::a00:1', // NAT64, local-use prefix
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2002:a9fe:a9fe::1', // 6to4 of 169.254.169.254
      '2002:c0a8:0101:1::1', // 6to4 of 192.168.1.1
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['2002:0808:0808::1', '2001:4860:4860::8888', '2001:db8::1:2', '::ffff:1.1.1.1'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  describe('with the default settings', () => {
    let app: TestApp;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startReceiver();
      app = await startTestApp({ SCRIVO_WEBHOOK_DELIVERY_INTERVAL_MS: '100' });
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await receiver?.close();
    });

    const firstAttempt = async (url: string) => {
      const { client } = await signedInClient(app);
      const created = await client.api.webhooks.create({
        body: {
          url,
          events: ['transcription.completed'],
        },
      });
      expectStatus(created, 201);
      const id = (created.body as { webhook: { id: string } }).webhook.id;
      expect((await client.api.webhooks.sendTest({ params: { webhookId: id } })).status).toBe(202);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const items = bodyOf(await client.api.webhooks.deliveries({ params: { webhookId: id } }), 200)
          .items as {
          attempts: number;
          statusCode: number | null;
          error: string | null;
          status: string;
        }[];
        if (items[0]?.attempts) return items[0];
        if (Date.now() > deadline) throw new Error('no attempt was recorded');
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    it('refuses a literal loopback address, and a name that resolves to one (checked at send time)', async () => {
      const literal = await firstAttempt(receiver.url);
      expect(literal).toMatchObject({ status: 'pending', statusCode: null });
      expect(literal.error).toMatch(/private/);
      const named = await firstAttempt(receiver.url.replace('127.0.0.1', 'localhost'));
      expect(named).toMatchObject({ statusCode: null });
      expect(named.error).toMatch(/private/);
      expect(receiver.received).toHaveLength(0);
    });
  });
});
