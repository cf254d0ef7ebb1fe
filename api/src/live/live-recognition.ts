import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createInterface } from 'node:readline';

/** What the speech worker's `POST /live` streams back (worker/scrivo_speech/live/route.py). */
export type WorkerLiveEvent =
  | { type: 'ready'; engine: string | null; language: string | null }
  | { type: 'partial'; text: string; start: number }
  | { type: 'final'; text: string; start: number; end: number }
  | { type: 'revise'; text: string; start: number; end: number }
  | { type: 'language'; language: string; engine: string }
  | { type: 'progress'; processed: number }
  | { type: 'end'; processed: number };

/** A live recognition stream, whatever the engine: PCM in, the worker's events out. */
export interface LiveRecognitionStream {
  /** How far recognition trails the audio sent, in seconds. */
  readonly lagSeconds: number;
  write(pcm: Uint8Array): void;
  /** No more audio: what is pending is settled, then an `end` event follows. */
  end(): void;
  /** Drops the stream at once (the session went away). */
  abort(): void;
}

/** Opens a stream for a session; the events and failures of that stream go to the callbacks. */
export type OpenLiveRecognition = (
  language: string | null,
  onEvent: (event: WorkerLiveEvent) => void,
  onFailure: (message: string) => void,
) => LiveRecognitionStream;

const isWorkerEvent = (value: unknown): value is WorkerLiveEvent =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/**
 * One live recognition stream on the speech worker: PCM written as it arrives (a chunked request body), events
 * read as the worker produces them. `lagSeconds` is how far recognition trails the audio sent.
 */
export class LiveRecognition implements LiveRecognitionStream {
  private readonly req: ClientRequest;
  private sentBytes = 0;
  private processedSeconds = 0;
  private closed = false;

  constructor(
    options: { baseUrl: string; token: string | undefined; language: string | null },
    private readonly onEvent: (event: WorkerLiveEvent) => void,
    private readonly onFailure: (message: string) => void,
  ) {
    const url = new URL('/live', options.baseUrl);
    url.searchParams.set('language', options.language ?? 'auto');
    const send = url.protocol === 'https:' ? httpsRequest : request;
    this.req = send(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/octet-stream',
        'Transfer-Encoding': 'chunked',
        'X-Wait-For-Model': '1',
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
    });
    this.req.on('response', (res: IncomingMessage) => this.read(res));
    this.req.on('error', (error) => this.fail(`speech worker unreachable: ${error.message}`));
    this.req.flushHeaders();
  }

  get lagSeconds(): number {
    return Math.max(0, this.sentBytes / 32_000 - this.processedSeconds);
  }

  write(pcm: Uint8Array): void {
    if (this.closed) return;
    this.sentBytes += pcm.byteLength;
    this.req.write(pcm);
  }

  /** No more audio: the worker settles what is partial, then ends its stream. */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.req.end();
  }

  /** Drops the stream at once (the session went away). */
  abort(): void {
    this.closed = true;
    this.req.destroy();
  }

  private read(res: IncomingMessage): void {
    if (res.statusCode !== 200) {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => this.fail(`speech worker answered ${res.statusCode}: ${body.slice(0, 200)}`));
      // The worker going away mid-answer must not become an 'error' nobody listens to.
      res.on('error', (error) => this.fail(`speech worker stream broke: ${error.message}`));
      return;
    }
    const lines = createInterface({ input: res });
    lines.on('line', (line) => {
      if (!line.trim()) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return;
      }
      if (!isWorkerEvent(parsed)) return;
      if (parsed.type === 'progress' || parsed.type === 'end') this.processedSeconds = parsed.processed;
      this.onEvent(parsed);
    });
    // readline re-emits its input's errors: one handler for both.
    lines.on('error', (error) => this.fail(`speech worker stream broke: ${error.message}`));
  }

  private fail(message: string): void {
    if (this.closed && message.includes('socket hang up')) return;
    this.onFailure(message);
  }
}
