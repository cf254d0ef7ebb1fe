import {
  LIVE_FRAME_HEADER_BYTES,
  LIVE_MAX_FRAME_PCM_BYTES,
  type LiveClientMessage,
  liveClientMessageSchema,
  type LiveServerMessage,
} from '@scrivo/contracts';
import { type Actor, type BlobStore, DomainError } from '@scrivo/domain';
import {
  LIVE_BYTES_PER_SECOND,
  type LiveSessionState,
  liveSeconds,
  liveSessionDecider,
  liveSessionStream,
} from '@scrivo/domain/live';
import { ApiError } from '../common/api-error';
import type { AuthenticatedUser } from '../common/auth/authenticated';
import type { RunContext, StreamRunner } from '../infrastructure/stream-runner';
import type { MinutesLedger } from '../recordings/minutes-ledger';
import type { LiveRecognitionStream, OpenLiveRecognition, WorkerLiveEvent } from './live-recognition';
import { startLiveSession } from './live-allowance';

/** Frames are stored (one blob, one event) about once a second: a crash loses at most that much. */
const STORE_EVERY_MS = 1000;
/** Recognition this far behind the audio is shown as "falling behind"; back under CAUGHT_UP, it is cleared. */
const BEHIND_SECONDS = 2;
const CAUGHT_UP_SECONDS = 1;

export const liveBatchKey = (sessionId: string, from: number, to: number): string =>
  `live/${sessionId}/${String(from).padStart(9, '0')}-${String(to).padStart(9, '0')}.pcm`;

export interface LiveSocket {
  send(message: LiveServerMessage): void;
  close(code: number, reason: string): void;
}

export interface LiveConnectionDeps {
  /** The background runner: a frame batch never waits for the read models. */
  readonly runner: StreamRunner;
  /** The minutes ledger over the background runner: a session holds its allowance, then settles it. */
  readonly minutes: MinutesLedger;
  readonly blobs: BlobStore;
  readonly newId: () => string;
  readonly correlationId: string;
  /** The speech engine's live stream: the worker's streaming recognisers, or voiced segments for others. */
  readonly openRecognition: OpenLiveRecognition;
  /** Called when a stop has been stored: resolves with the recording once the session is finalized. */
  readonly finalized: (sessionId: string) => Promise<string | null>;
  /** Which sessions have a connection (a session without one for long is stopped: see abandoned-sessions.ts). */
  readonly presence: { attached(sessionId: string): void; detached(sessionId: string, open: boolean): void };
  /**
   * Refuses a workspace the user may not record into as an upload would be refused: NOT_FOUND for one they are not
   * a member of (as for none), FORBIDDEN for a viewer.
   */
  readonly mayRecordInto: (user: AuthenticatedUser, workspaceId: string) => Promise<void>;
}

interface Frame {
  readonly sequence: number;
  readonly pcm: Uint8Array;
}

/**
 * One browser's WebSocket: opens or re-attaches a live session, stores its frames strictly in order (each frame
 * exactly once), relays them to the speech worker and the worker's text back. Every write goes through one
 * queue, so frames, pauses and the stop are applied in the order they arrived.
 */
export class LiveConnection {
  private sessionId: string | null = null;
  private status: LiveSessionState['status'] = 'none';
  private allowanceSeconds: number | null = null;
  private allowanceUsed = false;
  /** Last frame stored (acknowledged); frames after it wait in `pending`. */
  private storedSequence = 0;
  private storedBytes = 0;
  private pending: Frame[] = [];
  private pendingBytes = 0;
  private recognition: LiveRecognitionStream | null = null;
  /** Session seconds at which the current recognition stream started (the worker counts from 0). */
  private recognitionOffset = 0;
  private behind = false;
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly actor: Actor;
  /** Who and what causes this connection's writes: its user, and one correlation id for the connection. */
  private readonly context: RunContext;

  constructor(
    private readonly socket: LiveSocket,
    private readonly user: AuthenticatedUser,
    private readonly deps: LiveConnectionDeps,
  ) {
    this.actor = { kind: 'user', id: user.id };
    this.context = { actor: this.actor, correlationId: deps.correlationId };
  }

  // ---- incoming ----------------------------------------------------------------------------------

  onText(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.refuse('LIVE_MESSAGE_MALFORMED', 'A text message must be JSON.');
    }
    const message = liveClientMessageSchema.safeParse(parsed);
    if (!message.success) {
      const issue = message.error.issues[0];
      return this.refuse(
        'LIVE_MESSAGE_MALFORMED',
        `Not a live-recording message: ${issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'invalid'}.`,
      );
    }
    this.enqueue(() => this.handle(message.data));
  }

  onBinary(data: Uint8Array): void {
    if (data.byteLength < LIVE_FRAME_HEADER_BYTES)
      return this.refuse('LIVE_FRAME_MALFORMED', 'An audio frame starts with its 4-byte sequence number.');
    const sequence = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true);
    const pcm = data.subarray(LIVE_FRAME_HEADER_BYTES);
    if (pcm.byteLength === 0 || pcm.byteLength % 2 !== 0)
      return this.refuse(
        'LIVE_FRAME_MALFORMED',
        `Frame ${sequence} is not 16-bit PCM (${pcm.byteLength} bytes of audio).`,
      );
    if (pcm.byteLength > LIVE_MAX_FRAME_PCM_BYTES)
      return this.refuse(
        'LIVE_FRAME_TOO_LARGE',
        `Frame ${sequence} holds ${pcm.byteLength} bytes of audio; at most ${LIVE_MAX_FRAME_PCM_BYTES} are allowed.`,
      );
    if (!this.sessionId)
      return this.refuse('LIVE_NO_SESSION', 'Start or attach a live session before sending audio.');
    if (this.status !== 'recording' || this.allowanceUsed)
      return this.refuse(
        this.status === 'paused' ? 'LIVE_SESSION_PAUSED' : 'LIVE_SESSION_STOPPED',
        this.status === 'paused'
          ? 'The session is paused: resume it to send audio.'
          : 'This live session has stopped.',
      );
    const expected = this.storedSequence + this.pending.length + 1;
    if (sequence < expected) {
      // Already stored (a resend after a reconnect that crossed an ack): refused, and acknowledged again.
      this.refuse(
        'LIVE_FRAME_DUPLICATE',
        `Frame ${sequence} was received already; the next one expected is ${expected}.`,
        expected,
      );
      return this.send({
        type: 'ack',
        sequence: this.storedSequence,
        totalSeconds: liveSeconds(this.storedBytes),
      });
    }
    if (sequence > expected)
      return this.refuse(
        'LIVE_FRAME_OUT_OF_ORDER',
        `Frame ${sequence} arrived before frame ${expected}: frames must be sent in order.`,
        expected,
      );
    this.pending.push({ sequence, pcm: Uint8Array.from(pcm) });
    this.pendingBytes += pcm.byteLength;
    this.recognition?.write(pcm);
    this.checkLag();
    const total = (this.storedBytes + this.pendingBytes) / LIVE_BYTES_PER_SECOND;
    if (this.allowanceSeconds !== null && total >= this.allowanceSeconds) {
      // Frames already on their way are refused from here on, not stored past the allowance.
      this.allowanceUsed = true;
      this.enqueue(() => this.stop('allowance'));
    }
  }

  /** The socket closed (network, reload, server): what arrived is stored; the session stays open to re-attach. */
  onClose(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.recognition?.abort();
    this.recognition = null;
    const sessionId = this.sessionId;
    this.enqueue(() => this.flush());
    if (sessionId)
      this.enqueue(async () =>
        this.deps.presence.detached(sessionId, this.status === 'recording' || this.status === 'paused'),
      );
  }

  // ---- commands ----------------------------------------------------------------------------------

  private async handle(message: LiveClientMessage): Promise<void> {
    switch (message.type) {
      case 'start':
        return this.start(message.title, message.language, message.workspaceId ?? null);
      case 'attach':
        return this.attach(message.sessionId);
      case 'pause':
      case 'resume': {
        if (!this.sessionId)
          return this.refuse('LIVE_NO_SESSION', 'There is no live session on this connection.');
        await this.flush();
        await this.deps.runner.run(
          liveSessionDecider,
          liveSessionStream(this.sessionId),
          message.type === 'pause'
            ? { type: 'PauseLiveSession', now: this.deps.runner.now() }
            : { type: 'ResumeLiveSession', now: this.deps.runner.now() },
          this.context,
        );
        this.status = message.type === 'pause' ? 'paused' : 'recording';
        return this.send({ type: message.type === 'pause' ? 'paused' : 'resumed' });
      }
      case 'stop':
        if (!this.sessionId)
          return this.refuse('LIVE_NO_SESSION', 'There is no live session on this connection.');
        return this.stop('user');
    }
  }

  private async start(
    title: string | undefined,
    language: string | null,
    workspaceId: string | null,
  ): Promise<void> {
    if (this.sessionId)
      return this.refuse('LIVE_SESSION_OPEN', 'This connection already has a live session.');
    const sessionId = this.deps.newId();
    try {
      if (workspaceId !== null) await this.deps.mayRecordInto(this.user, workspaceId);
      await startLiveSession(
        this.deps,
        {
          sessionId,
          ownerId: this.user.id,
          plan: this.user.plan,
          title: title ?? null,
          language,
          workspaceId,
          at: this.deps.runner.now(),
        },
        { actor: this.actor, correlationId: this.deps.correlationId },
      );
    } catch (error) {
      if (error instanceof DomainError) return this.fatal(error.code, error.message);
      if (error instanceof ApiError) return this.fatal(error.code, error.message);
      throw error;
    }
    await this.open(sessionId);
  }

  private async attach(sessionId: string): Promise<void> {
    if (this.sessionId)
      return this.refuse('LIVE_SESSION_OPEN', 'This connection already has a live session.');
    const { state } = await this.deps.runner.load(liveSessionDecider, liveSessionStream(sessionId));
    // Another user's session is answered exactly like one that does not exist.
    if (!state.exists || state.ownerId !== this.user.id)
      return this.fatal('LIVE_SESSION_NOT_FOUND', 'No live session of yours has this id.');
    await this.open(sessionId);
  }

  private async open(sessionId: string): Promise<void> {
    const { state } = await this.deps.runner.load(liveSessionDecider, liveSessionStream(sessionId));
    this.sessionId = sessionId;
    this.deps.presence.attached(sessionId);
    this.status = state.status;
    this.allowanceSeconds = state.allowanceSeconds;
    this.storedSequence = state.lastSequence;
    this.storedBytes = state.totalBytes;
    this.send({
      type: 'session',
      sessionId,
      status: state.status === 'none' ? 'recording' : state.status,
      lastSequence: state.lastSequence,
      totalSeconds: liveSeconds(state.totalBytes),
      allowanceSeconds: state.allowanceSeconds,
      language: state.language,
    });
    if (state.status === 'finalized' && state.recordingId)
      return this.send({ type: 'finalized', recordingId: state.recordingId });
    if (state.status === 'stopped') return this.awaitRecording(sessionId);
    this.startRecognition(state.language);
    this.timer = setInterval(() => this.enqueue(() => this.flush()), STORE_EVERY_MS);
  }

  private async stop(reason: 'user' | 'allowance'): Promise<void> {
    const sessionId = this.sessionId;
    if (!sessionId || this.status === 'stopped' || this.status === 'finalized') return;
    await this.flush();
    if (this.timer) clearInterval(this.timer);
    await this.deps.runner.run(
      liveSessionDecider,
      liveSessionStream(sessionId),
      { type: 'StopLiveSession', reason, now: this.deps.runner.now() },
      this.context,
    );
    this.status = 'stopped';
    // The worker settles its partial text before the stop is announced, so the last words are not lost.
    await this.endRecognition();
    this.send({ type: 'stopped', reason, totalSeconds: liveSeconds(this.storedBytes) });
    await this.awaitRecording(sessionId);
  }

  private async awaitRecording(sessionId: string): Promise<void> {
    if (this.storedBytes === 0)
      return this.fatal(
        'LIVE_NOTHING_RECORDED',
        'The session was stopped before any audio arrived: nothing was saved.',
      );
    const recordingId = await this.deps.finalized(sessionId);
    if (recordingId) this.send({ type: 'finalized', recordingId });
    else
      this.fatal(
        'LIVE_FINALIZE_FAILED',
        'The recording could not be saved yet; it will appear in your library when it is.',
      );
  }

  /** Stores the frames waiting since the last batch: one blob, then one event, then the ack. */
  private async flush(): Promise<void> {
    const sessionId = this.sessionId;
    if (!sessionId || this.pending.length === 0) return;
    // A copy: frames keep arriving into `pending` while this batch is being stored.
    const frames = this.pending.slice();
    const bytes = frames.reduce((sum, frame) => sum + frame.pcm.byteLength, 0);
    const from = frames[0]!.sequence;
    const to = frames.at(-1)!.sequence;
    const body = new Uint8Array(bytes);
    let at = 0;
    for (const frame of frames) {
      body.set(frame.pcm, at);
      at += frame.pcm.byteLength;
    }
    const blobKey = liveBatchKey(sessionId, from, to);
    await this.deps.blobs.put(blobKey, body, {
      contentType: 'audio/L16; rate=16000; channels=1',
      size: bytes,
    });
    try {
      await this.deps.runner.run(
        liveSessionDecider,
        liveSessionStream(sessionId),
        {
          type: 'StoreLiveAudio',
          fromSequence: from,
          toSequence: to,
          blobKey,
          bytes,
          now: this.deps.runner.now(),
        },
        this.context,
      );
    } catch (error) {
      // Another connection of the same session stored these frames first: re-read where the session stands.
      if (!(error instanceof DomainError) || !error.code.startsWith('LIVE_FRAME_')) throw error;
      await this.deps.blobs.delete(blobKey);
      const { state } = await this.deps.runner.load(liveSessionDecider, liveSessionStream(sessionId));
      this.pending = this.pending.filter((frame) => frame.sequence > state.lastSequence);
      this.pendingBytes = this.pending.reduce((sum, frame) => sum + frame.pcm.byteLength, 0);
      this.storedSequence = state.lastSequence;
      this.storedBytes = state.totalBytes;
      return this.refuse(error.code, error.message, state.lastSequence + 1);
    }
    this.pending = this.pending.slice(frames.length);
    this.pendingBytes -= bytes;
    this.storedSequence = to;
    this.storedBytes += bytes;
    this.send({ type: 'ack', sequence: to, totalSeconds: liveSeconds(this.storedBytes) });
  }

  // ---- recognition -------------------------------------------------------------------------------

  private startRecognition(language: string | null): void {
    if (this.closed) return;
    this.recognitionOffset = (this.storedBytes + this.pendingBytes) / LIVE_BYTES_PER_SECOND;
    this.recognition = this.deps.openRecognition(
      language,
      (event) => this.relay(event),
      (message) => {
        this.recognition = null;
        this.send({
          type: 'error',
          code: 'LIVE_RECOGNITION_UNAVAILABLE',
          message: `Live text is unavailable: ${message}. The audio is still being recorded.`,
          fatal: false,
        });
      },
    );
  }

  private endRecognition(): Promise<void> {
    const recognition = this.recognition;
    if (!recognition) return Promise.resolve();
    this.recognition = null;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 15_000);
      this.onRecognitionEnd = () => {
        clearTimeout(timer);
        resolve();
      };
      recognition.end();
    });
  }

  private onRecognitionEnd: (() => void) | null = null;

  private relay(event: WorkerLiveEvent): void {
    const offset = this.recognitionOffset;
    const at = (seconds: number) => Math.round((seconds + offset) * 1000) / 1000;
    switch (event.type) {
      case 'partial':
        return this.send({ type: 'partial', text: event.text, start: at(event.start) });
      case 'final':
        return this.send({ type: 'final', text: event.text, start: at(event.start), end: at(event.end) });
      case 'revise':
        return this.send({ type: 'revise', text: event.text, start: at(event.start), end: at(event.end) });
      case 'language':
        return this.send({ type: 'language', language: event.language, engine: event.engine });
      case 'progress':
        return this.checkLag();
      case 'end':
        this.onRecognitionEnd?.();
        return;
      case 'ready':
        return;
    }
  }

  private checkLag(): void {
    const lag = this.recognition?.lagSeconds ?? 0;
    if (!this.behind && lag > BEHIND_SECONDS) {
      this.behind = true;
      this.send({ type: 'lag', behind: true, seconds: Math.round(lag * 10) / 10 });
    } else if (this.behind && lag < CAUGHT_UP_SECONDS) {
      this.behind = false;
      this.send({ type: 'lag', behind: false, seconds: Math.round(lag * 10) / 10 });
    }
  }

  // ---- outgoing ----------------------------------------------------------------------------------

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof DomainError) this.refuse(error.code, error.message);
      else this.fatal('LIVE_INTERNAL_ERROR', `The live session hit a server error: ${message}`);
    });
  }

  private send(message: LiveServerMessage): void {
    if (!this.closed) this.socket.send(message);
  }

  private refuse(code: string, message: string, expectedSequence?: number): void {
    this.send({
      type: 'error',
      code,
      message,
      fatal: false,
      ...(expectedSequence === undefined ? {} : { expectedSequence }),
    });
  }

  private fatal(code: string, message: string): void {
    this.send({ type: 'error', code, message, fatal: true });
    if (!this.closed) this.socket.close(4000, code.slice(0, 100));
  }
}
