import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText, streamingPost } from './streaming-post';

/** A speech worker that starts answering before the upload is over and streams its answer line by line. */
const eagerWorker = (): Server =>
  createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    let line = 0;
    const timer = setInterval(() => {
      res.write(`{"type":"progress","progress":${line / 20}}\n`);
      line += 1;
      if (line > 20) {
        clearInterval(timer);
        res.end();
      }
    }, 5);
    res.on('close', () => clearInterval(timer));
  });

async function* slowUpload(): AsyncIterable<Uint8Array> {
  for (let i = 0; i < 40; i += 1) {
    yield new Uint8Array(16_384);
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('a streamed POST to the speech worker', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = eagerWorker();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/transcribe`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reads the whole answer when nothing cancels it', async () => {
    const answer = await streamingPost(url, {}, slowUpload());
    expect((await readText(answer)).trim().split('\n')).toHaveLength(21);
  });

  // A cancelled job aborts its request at any moment: before the answer, while uploading, while reading the
  // answer, just as it ends. Each must end in a rejected promise, never in an 'error' event nobody listens to
  // (that killed the job worker process, and every later job with it).
  it('ends quietly in a rejection wherever a cancel lands', async () => {
    const outcomes = new Set<string>();
    for (let at = 0; at <= 150; at += 3) {
      const cancel = new AbortController();
      const timer = setTimeout(() => cancel.abort(), at);
      const outcome = await streamingPost(url, {}, slowUpload(), cancel.signal)
        .then(readText)
        .then(
          () => 'read',
          (error: Error) => error.message,
        );
      clearTimeout(timer);
      outcomes.add(outcome);
    }
    expect([...outcomes].every((o) => ['read', 'aborted', 'The operation was aborted'].includes(o))).toBe(
      true,
    );
    expect(outcomes.has('The operation was aborted') || outcomes.has('aborted')).toBe(true);
  });

  it('refuses at once when already cancelled', async () => {
    await expect(streamingPost(url, {}, new Uint8Array(1), AbortSignal.abort())).rejects.toThrow(/aborted/);
  });
});
