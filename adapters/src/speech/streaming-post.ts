import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * POST with a streamed body and a streamed answer, without fetch's 300 s header/body timeouts: a long file, or a
 * request waiting in the speech worker's queue behind another, may legitimately stay silent for longer. A dead
 * peer still surfaces as a socket error, and the caller's signal aborts it.
 */
export const streamingPost = (
  url: string,
  headers: Record<string, string>,
  body: AsyncIterable<Uint8Array> | Uint8Array,
  signal?: AbortSignal,
): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: 'POST', headers, signal }, resolve);
    req.on('error', reject);
    req.setNoDelay(true);
    const source = body instanceof Uint8Array ? Readable.from([body]) : Readable.from(body);
    pipeline(source, req).catch((error: unknown) => {
      req.destroy(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    });
  });

export const readText = async (response: IncomingMessage): Promise<string> => {
  let text = '';
  for await (const chunk of response) text += (chunk as Buffer).toString('utf8');
  return text;
};
