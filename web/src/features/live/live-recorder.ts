import {
  LIVE_SOCKET_PATH,
  type LiveClientMessage,
  type LiveServerMessage,
  liveServerMessageSchema,
} from '@scrivo/contracts';
import { AudioCapture, CaptureError, type LiveSource } from './audio-capture';
import { FrameStore } from './frame-store';
import { reviseLine } from './revise-line';

const FRAME_SECONDS = 0.1;
const RESUME_KEY = 'scrivo-live-session';
const RECONNECT_MS = 1000;

export interface LiveSegment {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export interface LiveState {
  readonly phase: 'idle' | 'starting' | 'recording' | 'paused' | 'saving' | 'saved' | 'failed';
  readonly sessionId: string | null;
  readonly finals: readonly LiveSegment[];
  readonly partial: { readonly text: string; readonly start: number };
  /** Seconds of audio captured in this session (all of it is kept and sent). */
  readonly capturedSeconds: number;
  readonly allowanceSeconds: number | null;
  readonly connected: boolean;
  readonly behind: boolean;
  readonly level: number;
  readonly language: string | null;
  readonly error: string | null;
  /** A problem that does not stop the recording (live text unavailable, a refused message). */
  readonly notice: string | null;
  readonly recordingId: string | null;
}

export interface StartOptions {
  readonly source: LiveSource;
  readonly deviceId: string | null;
  readonly language: string | null;
  readonly title?: string;
  /** The workspace the recording goes into (the space chosen in the header); absent: one's own space. */
  readonly workspaceId?: string;
}

interface Saved extends StartOptions {
  readonly sessionId: string;
}

const initial: LiveState = {
  phase: 'idle',
  sessionId: null,
  finals: [],
  partial: { text: '', start: 0 },
  capturedSeconds: 0,
  allowanceSeconds: null,
  connected: false,
  behind: false,
  level: 0,
  language: null,
  error: null,
  notice: null,
  recordingId: null,
};

/** A session interrupted by a reload or a crash of the tab, which can be resumed. */
export const interruptedSession = (): Saved | null => {
  try {
    const raw = localStorage.getItem(RESUME_KEY);
    return raw ? (JSON.parse(raw) as Saved) : null;
  } catch {
    return null;
  }
};

/**
 * One live recording in the browser: capture -> numbered frames -> IndexedDB and the WebSocket. Frames stay
 * stored (and in memory) until the server acknowledges them; after a dropped connection the recorder re-attaches
 * and sends every frame after the last one the server stored.
 */
export class LiveRecorder {
  private state: LiveState = initial;
  private readonly listeners = new Set<() => void>();
  private readonly capture = new AudioCapture();
  private readonly store = new FrameStore();
  private socket: WebSocket | null = null;
  private options: StartOptions | null = null;
  private nextSequence = 1;
  /** Frames not yet acknowledged, by sequence. */
  private readonly unacked = new Map<number, ArrayBuffer>();
  /** The server knows the session and has said where it stands: frames may flow. */
  private attached = false;
  private stopping = false;
  private reconnectTimer: number | null = null;
  private captureOnAttach: StartOptions | null = null;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): LiveState => this.state;

  async start(options: StartOptions): Promise<void> {
    this.options = options;
    this.set({ ...initial, phase: 'starting', language: options.language });
    try {
      await this.startCapture(options);
    } catch (error) {
      return this.fail(
        error instanceof CaptureError ? error.message : `Recording could not start: ${String(error)}`,
      );
    }
    this.connect({
      type: 'start',
      language: options.language,
      ...(options.title ? { title: options.title } : {}),
      ...(options.workspaceId ? { workspaceId: options.workspaceId } : {}),
    });
  }

  /** Continues an interrupted session: unsent frames come back from IndexedDB, capture starts again. */
  async resume(saved: Saved): Promise<void> {
    this.options = saved;
    this.set({ ...initial, phase: 'starting', sessionId: saved.sessionId, language: saved.language });
    const kept = await this.store.after(saved.sessionId, 0);
    for (const frame of kept) this.unacked.set(frame.sequence, frame.pcm);
    this.nextSequence = (kept.at(-1)?.sequence ?? 0) + 1;
    // Capture starts again once the server has said which frame it stored last (new frames number after it).
    this.captureOnAttach = saved;
    this.connect({ type: 'attach', sessionId: saved.sessionId });
  }

  pause(): void {
    this.capture.pause(true);
    this.send({ type: 'pause' });
    this.set({ phase: 'paused' });
  }

  unpause(): void {
    this.capture.pause(false);
    this.send({ type: 'resume' });
    this.set({ phase: 'recording' });
  }

  /** Stops capturing; the session is stopped once every frame has been sent. */
  stop(): void {
    this.capture.stop();
    this.stopping = true;
    this.set({ phase: 'saving', level: 0 });
    if (this.attached) this.send({ type: 'stop' });
  }

  /** Leaves the page's recorder (not the session: it can be resumed). */
  dispose(): void {
    this.capture.stop();
    if (this.reconnectTimer !== null) window.clearTimeout(this.reconnectTimer);
    this.socket?.close();
  }

  private async startCapture(options: StartOptions): Promise<void> {
    await this.capture.start(options.source, options.deviceId, {
      onFrame: (pcm) => this.onFrame(pcm),
      onLevel: (level) => this.set({ level }),
      onEnded: (message) => {
        this.set({ notice: message });
        if (!this.stopping) this.stop();
      },
    });
  }

  private onFrame(pcm: ArrayBuffer): void {
    if (this.stopping || this.state.phase === 'paused') return;
    const sequence = this.nextSequence;
    this.nextSequence += 1;
    this.unacked.set(sequence, pcm);
    this.set({ capturedSeconds: Math.round((this.nextSequence - 1) * FRAME_SECONDS * 10) / 10 });
    const sessionId = this.state.sessionId;
    if (sessionId) void this.store.put({ sessionId, sequence, pcm });
    if (this.attached) this.sendFrame(sequence, pcm);
  }

  private connect(first: LiveClientMessage): void {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_SOCKET_PATH}`;
    const socket = new WebSocket(url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify(first));
    socket.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data !== 'string') return;
      const parsed = liveServerMessageSchema.safeParse(JSON.parse(event.data));
      if (parsed.success) void this.onMessage(parsed.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.attached = false;
      this.set({ connected: false });
      const { phase, sessionId } = this.state;
      if (phase === 'saved' || phase === 'failed' || !sessionId) return;
      // Dropped: try again; frames keep being captured and kept meanwhile.
      this.reconnectTimer = window.setTimeout(
        () => this.connect({ type: 'attach', sessionId }),
        RECONNECT_MS,
      );
    };
  }

  private async onMessage(message: LiveServerMessage): Promise<void> {
    switch (message.type) {
      case 'session': {
        const fresh = this.state.sessionId === null;
        this.set({
          sessionId: message.sessionId,
          allowanceSeconds: message.allowanceSeconds,
          connected: true,
          phase: this.stopping ? 'saving' : message.status === 'paused' ? 'paused' : 'recording',
        });
        if (fresh && this.options) {
          localStorage.setItem(RESUME_KEY, JSON.stringify({ ...this.options, sessionId: message.sessionId }));
          for (const [sequence, pcm] of this.unacked)
            void this.store.put({ sessionId: message.sessionId, sequence, pcm });
        }
        if (message.status === 'stopped' || message.status === 'finalized') {
          this.stopping = true;
          this.set({ phase: 'saving' });
          return;
        }
        // Everything after what the server stored, in order, then live frames.
        for (const sequence of [...this.unacked.keys()].sort((a, b) => a - b)) {
          if (sequence <= message.lastSequence) this.unacked.delete(sequence);
          else this.sendFrame(sequence, this.unacked.get(sequence)!);
        }
        this.attached = true;
        if (this.stopping) this.send({ type: 'stop' });
        const resumed = this.captureOnAttach;
        if (resumed) {
          this.captureOnAttach = null;
          this.nextSequence = Math.max(this.nextSequence, message.lastSequence + 1);
          this.set({ capturedSeconds: (this.nextSequence - 1) * FRAME_SECONDS });
          await this.startCapture(resumed).catch((error: unknown) =>
            this.set({ notice: error instanceof CaptureError ? error.message : String(error) }),
          );
        }
        return;
      }
      case 'ack':
        for (const sequence of this.unacked.keys())
          if (sequence <= message.sequence) this.unacked.delete(sequence);
        if (this.state.sessionId) void this.store.acknowledge(this.state.sessionId, message.sequence);
        return;
      case 'partial':
        return this.set({ partial: { text: message.text, start: message.start } });
      case 'final':
        return this.set({
          finals: [...this.state.finals, { text: message.text, start: message.start, end: message.end }],
        });
      case 'revise':
        return this.set({ finals: reviseLine(this.state.finals, message) });
      case 'language':
        return this.set({ language: message.language });
      case 'lag':
        return this.set({ behind: message.behind });
      case 'paused':
      case 'resumed':
        return;
      case 'stopped':
        this.stopping = true;
        this.capture.stop();
        return this.set({
          phase: 'saving',
          level: 0,
          notice:
            message.reason === 'allowance'
              ? 'Your plan\u2019s minutes ran out: the recording was stopped and saved.'
              : this.state.notice,
        });
      case 'finalized':
        localStorage.removeItem(RESUME_KEY);
        if (this.state.sessionId) void this.store.acknowledge(this.state.sessionId, Number.MAX_SAFE_INTEGER);
        this.set({ phase: 'saved', recordingId: message.recordingId, partial: { text: '', start: 0 } });
        this.socket?.close();
        return;
      case 'error':
        if (message.code === 'LIVE_FRAME_DUPLICATE') return;
        if (message.fatal) {
          localStorage.removeItem(RESUME_KEY);
          this.capture.stop();
          return this.fail(message.message);
        }
        return this.set({ notice: message.message });
    }
  }

  private sendFrame(sequence: number, pcm: ArrayBuffer): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    const data = new Uint8Array(4 + pcm.byteLength);
    new DataView(data.buffer).setUint32(0, sequence, true);
    data.set(new Uint8Array(pcm), 4);
    this.socket.send(data);
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private fail(error: string): void {
    this.set({ phase: 'failed', error, level: 0 });
    this.socket?.close();
  }

  private set(patch: Partial<LiveState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
