import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '@scrivo/contracts';
import { BlockedTargetError, guardedLookup, isPrivateAddress } from './safe-target';
import { signWebhook } from './webhook-signature';

export interface SendResult {
  readonly ok: boolean;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

export interface WebhookPost {
  readonly url: string;
  readonly secret: string;
  readonly body: string;
  readonly deliveryId: string;
  readonly event: string;
  readonly attempt: number;
}

const MAX_ERROR_LENGTH = 300;

/**
 * Node's messages name the host ("getaddrinfo ENOTFOUND acme-payroll.example"), and an attempt's error is kept in
 * clear in the events, where erasure cannot reach it; the host is part of the address its owner typed, sealed with
 * their key, so the message says `<host>` instead.
 */
const withoutHost = (message: string, host: string): string =>
  host ? message.split(host).join('<host>') : message;

/**
 * POSTs one signed delivery. Any 2xx is success; another status, a timeout, a refused connection or a private
 * address (unless allowed) is a failure to retry. Redirects are not followed (a 3xx is a failure): following
 * one would let a public receiver bounce the request to a private address.
 */
export class WebhookSender {
  constructor(private readonly options: { readonly allowPrivate: boolean; readonly timeoutMs: number }) {}

  send(post: WebhookPost, now: Date): Promise<SendResult> {
    const started = Date.now();
    let url: URL;
    try {
      url = new URL(post.url);
    } catch {
      return Promise.resolve(failed(started, 'The webhook address is not a valid URL.'));
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const done = (ok: boolean, statusCode: number | null, error: string | null): SendResult => ({
      ok,
      statusCode,
      error: error && withoutHost(error, host).slice(0, MAX_ERROR_LENGTH),
      durationMs: Date.now() - started,
    });
    // A literal IP never goes through the lookup, so it is checked here.
    if (!this.options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
      return Promise.resolve(done(false, null, new BlockedTargetError(host).message));
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      const req = request(
        url,
        {
          method: 'POST',
          timeout: this.options.timeoutMs,
          ...(this.options.allowPrivate ? {} : { lookup: guardedLookup }),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Scrivo-Webhooks/1',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(post.secret, post.body, Math.floor(now.getTime() / 1000)),
            'scrivo-event': post.event,
            'scrivo-delivery': post.deliveryId,
            'scrivo-attempt': String(post.attempt),
            'content-length': Buffer.byteLength(post.body),
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          // The answer's body is not needed; reading it lets the socket close.
          res.resume();
          res.on('end', () =>
            resolve(
              done(
                status >= 200 && status < 300,
                status,
                status >= 200 && status < 300 ? null : `HTTP ${status}`,
              ),
            ),
          );
          res.on('error', () => resolve(done(false, status, `HTTP ${status}, the answer broke off`)));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`No answer within ${this.options.timeoutMs} ms`)));
      req.on('error', (error) => resolve(done(false, null, error.message)));
      req.end(post.body);
    });
  }
}

const failed = (started: number, error: string): SendResult => ({
  ok: false,
  statusCode: null,
  error,
  durationMs: Date.now() - started,
});
