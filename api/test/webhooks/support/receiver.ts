import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  readonly headers: IncomingHttpHeaders;
  /** The raw body, as a receiver must verify it (before any JSON parsing). */
  readonly raw: string;
  readonly body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  readonly answered: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedDelivery[];
  /** The status codes of the next answers, in order; 200 once they run out. */
  answerWith(...statuses: number[]): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1, as a user's script would run one. */
export const startReceiver = async (): Promise<WebhookReceiver> => {
  const received: ReceivedDelivery[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const answered = answers.shift() ?? 200;
      received.push({ headers: req.headers, raw, body: JSON.parse(raw), answered });
      res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'thanks' : 'try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/scrivo`,
    received,
    answerWith: (...statuses) => answers.push(...statuses),
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`the receiver got ${received.length} deliveries, not ${count}, in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received.slice(0, count);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

/**
 * The check docs/webhooks.md tells receivers to make, written out here independently of the server's code:
 * `Scrivo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, timestamp recent.
 */
export const signatureIsValid = (
  delivery: ReceivedDelivery,
  secret: string,
  toleranceSeconds = 300,
): boolean => {
  const header = String(delivery.headers['scrivo-signature'] ?? '');
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]+)/.exec(header)?.[1];
  if (!t || !v1) return false;
  if (Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.raw}`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
