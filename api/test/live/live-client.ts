import { type LiveServerMessage, LIVE_SOCKET_PATH, liveServerMessageSchema } from '@scrivo/contracts';
import { WebSocket } from 'ws';
import type { TestClient } from '../support/http-client';
import { FINALIZE_WAIT_MS } from '../../src/live/finalize-wait';

/**
 * The server answers a stop with the saved recording, or says it could not, within its own wait: a loaded machine may
 * need all of it, so a test waits that long before it calls the recording lost.
 */
export const SAVED_WITHIN = FINALIZE_WAIT_MS + 10_000;

/** A browser's live-recording socket for API tests: the session cookie and Origin a page of the site sends. */
export class LiveTestSocket {
  readonly messages: LiveServerMessage[] = [];
  private waiters: (() => void)[] = [];
  closedWith: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.messages.push(liveServerMessageSchema.parse(JSON.parse(String(data))));
      this.notify();
    });
    ws.on('close', (code, reason) => {
      this.closedWith = { code, reason: reason.toString() };
      this.notify();
    });
  }

  static open(baseUrl: string, client: TestClient | null, origin = baseUrl): Promise<LiveTestSocket> {
    const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + LIVE_SOCKET_PATH, {
      headers: { Origin: origin, ...(client ? { Cookie: client.cookieHeader } : {}) },
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new LiveTestSocket(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  frame(sequence: number, pcm: Uint8Array): void {
    const data = Buffer.alloc(4 + pcm.byteLength);
    data.writeUInt32LE(sequence, 0);
    data.set(pcm, 4);
    this.ws.send(data);
  }

  /** The first message (from `from` on) matching, waiting up to `timeoutMs` for it. */
  async next<T extends LiveServerMessage['type']>(
    type: T,
    match: (m: Extract<LiveServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<Extract<LiveServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(
        (m): m is Extract<LiveServerMessage, { type: T }> =>
          m.type === type && match(m as Extract<LiveServerMessage, { type: T }>),
      );
      if (found) return found;
      if (this.closedWith || Date.now() > deadline)
        throw new Error(
          `no ${type} message (closed: ${JSON.stringify(this.closedWith)}): ${JSON.stringify(this.messages.slice(-10))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/** The samples of a 16 kHz mono 16-bit WAV file: its `data` chunk. */
export const pcmOfWav = (wav: Buffer): Uint8Array => {
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'data') return new Uint8Array(wav.subarray(at + 8, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk in the WAV file');
};
