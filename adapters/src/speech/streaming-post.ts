import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const abortError = () => Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });

/**
 * POST with a streamed body and a streamed answer, without fetch's 300 s header/body timeouts: a long file, or a
 * request waiting in the speech worker's queue behind another, may legitimately stay silent for longer. A dead
 * peer still surfaces as a socket error, and the caller's signal aborts it.
 *
 * The signal is not handed to http.request: Node then destroys the request with an AbortError and passes that
 * error on to the socket, and once (a job cancelled while its answer streamed, in a loaded CI run) the socket had
 * no listener left for it: the unhandled 'error' event killed the job worker, and every later job waited for a
 * worker that was gone. Destroying without an error cannot emit one; the reader of the answer sees 'aborted'.
 */
export const streamingPost = (
  url: string,
  headers: Record<string, string>,
  body: AsyncIterable<Uint8Array> | Uint8Array,
  signal?: AbortSignal,
): Promise<IncomingMessage> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: 'POST', headers }, resolve);
    const onAbort = () => {
      reject(abortError());
      req.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.once('close', () => signal?.removeEventListener('abort', onAbort));
    req.on('error', reject);
    req.setNoDelay(true);
    const source = body instanceof Uint8Array ? Readable.from([body]) : Readable.from(body);
    pipeline(source, req).catch((error: unknown) => {
      req.destroy();
      reject(error);
    });
  });

export const readText = async (response: IncomingMessage): Promise<string> => {
  let text = '';
  for await (const chunk of response) text += (chunk as Buffer).toString('utf8');
  return text;
};
