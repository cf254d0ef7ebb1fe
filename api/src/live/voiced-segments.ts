/**
 * Cuts a growing stream of 16 kHz mono 16-bit PCM into voiced segments, for speech engines that only take whole
 * files (the Hugging Face engine): each segment is sent once it ends, so the live text arrives a segment at a time.
 *
 * Energy against a tracked noise floor is enough here: the engine behind it (Whisper) has its own guards against
 * text on noise, and what matters is cutting in pauses so that no word is split between two requests.
 */

const SAMPLE_RATE = 16_000;
const FRAME_SAMPLES = 480; // 30 ms
const FRAME_SECONDS = FRAME_SAMPLES / SAMPLE_RATE;

export interface VoicedSegmentOptions {
  /** A pause this long ends a segment. */
  readonly pauseSeconds: number;
  /** A segment is cut at this length even without a pause, so long speech still shows text. */
  readonly maxSeconds: number;
  /** Audio kept before the first voiced frame, so a soft onset is not clipped. */
  readonly preRollSeconds: number;
  /** Voiced audio shorter than this (a click, a cough) is dropped. */
  readonly minVoicedSeconds: number;
}

export const DEFAULT_VOICED_SEGMENT_OPTIONS: VoicedSegmentOptions = {
  pauseSeconds: 0.6,
  maxSeconds: 15,
  preRollSeconds: 0.3,
  minVoicedSeconds: 0.25,
};

export interface VoicedSegment {
  /** Seconds from the start of the stream. */
  readonly start: number;
  readonly pcm: Uint8Array;
}

/** dBFS of one frame of 16-bit samples. */
const frameLevel = (samples: Int16Array): number => {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / samples.length) / 32768;
  return 20 * Math.log10(Math.max(rms, 1e-9));
};

export class VoicedSegmenter {
  private carry = new Uint8Array(0);
  private frameIndex = 0;
  /** Frames of the open segment (or the pre-roll while none is open). */
  private frames: Uint8Array[] = [];
  private openAt: number | null = null;
  private voicedFrames = 0;
  private silentRun = 0;
  private noiseFloor = -60;

  constructor(private readonly options: VoicedSegmentOptions = DEFAULT_VOICED_SEGMENT_OPTIONS) {}

  /** Seconds of audio taken in so far. */
  get seconds(): number {
    return this.frameIndex * FRAME_SECONDS;
  }

  /** Takes more PCM; returns the segments it closed. */
  push(pcm: Uint8Array): VoicedSegment[] {
    const joined = new Uint8Array(this.carry.length + pcm.length);
    joined.set(this.carry);
    joined.set(pcm, this.carry.length);
    const frameBytes = FRAME_SAMPLES * 2;
    const closed: VoicedSegment[] = [];
    let at = 0;
    for (; at + frameBytes <= joined.length; at += frameBytes) {
      const frame = joined.slice(at, at + frameBytes);
      const segment = this.take(frame);
      if (segment) closed.push(segment);
    }
    this.carry = joined.slice(at);
    return closed;
  }

  /** The stream ended: the open segment, if it holds enough voice. */
  flush(): VoicedSegment[] {
    const last = this.close();
    return last ? [last] : [];
  }

  private take(frame: Uint8Array): VoicedSegment | null {
    const level = frameLevel(new Int16Array(frame.buffer, frame.byteOffset, FRAME_SAMPLES));
    const voiced = level > Math.max(this.noiseFloor + 12, -50);
    // The floor follows quiet frames slowly and falls at once to a quieter one; speech does not raise it.
    if (!voiced) this.noiseFloor = level < this.noiseFloor ? level : this.noiseFloor * 0.95 + level * 0.05;
    const frameStart = this.frameIndex * FRAME_SECONDS;
    this.frameIndex += 1;

    if (this.openAt === null) {
      this.frames.push(frame);
      const preRollFrames = Math.round(this.options.preRollSeconds / FRAME_SECONDS);
      if (!voiced) {
        if (this.frames.length > preRollFrames) this.frames.shift();
        return null;
      }
      this.openAt = frameStart - (this.frames.length - 1) * FRAME_SECONDS;
      this.voicedFrames = 1;
      this.silentRun = 0;
      return null;
    }

    this.frames.push(frame);
    if (voiced) {
      this.voicedFrames += 1;
      this.silentRun = 0;
    } else this.silentRun += 1;
    const length = this.frames.length * FRAME_SECONDS;
    if (this.silentRun * FRAME_SECONDS >= this.options.pauseSeconds || length >= this.options.maxSeconds)
      return this.close();
    return null;
  }

  private close(): VoicedSegment | null {
    const start = this.openAt;
    const frames = this.frames;
    const voicedSeconds = this.voicedFrames * FRAME_SECONDS;
    this.openAt = null;
    this.frames = [];
    this.voicedFrames = 0;
    this.silentRun = 0;
    if (start === null || voicedSeconds < this.options.minVoicedSeconds) return null;
    const pcm = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
    let offset = 0;
    for (const f of frames) {
      pcm.set(f, offset);
      offset += f.length;
    }
    return { start: Math.max(0, start), pcm };
  }
}

/** A 16 kHz mono 16-bit WAV file around raw PCM (what whole-file speech engines take). */
export const wavOf = (pcm: Uint8Array): Uint8Array => {
  const out = new Uint8Array(44 + pcm.length);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + pcm.length, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, pcm.length, true);
  out.set(pcm, 44);
  return out;
};
