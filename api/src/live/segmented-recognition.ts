import type { SpeechRecognizer } from '@scrivo/domain/recordings';
import type { LiveRecognitionStream, WorkerLiveEvent } from './live-recognition';
import { type VoicedSegment, VoicedSegmenter, wavOf } from './voiced-segments';

/**
 * Live text from an engine that is not streaming (the Hugging Face engine): the audio is cut into voiced segments
 * and each is transcribed as a small file once it ends, one request at a time so the text stays in order. The
 * events are the worker's, so the connection relays them the same way; there are no partials.
 */
export class SegmentedRecognition implements LiveRecognitionStream {
  private readonly segmenter = new VoicedSegmenter();
  private readonly waiting: { segment: VoicedSegment; closedAt: number }[] = [];
  private busy = false;
  private ended = false;
  private closed = false;
  private language: string | null;
  private languageSent = false;

  constructor(
    private readonly speech: SpeechRecognizer,
    options: { readonly language: string | null },
    private readonly onEvent: (event: WorkerLiveEvent) => void,
    private readonly onFailure: (message: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.language = options.language;
    queueMicrotask(() => this.emit({ type: 'ready', engine: speech.name, language: this.language }));
  }

  /** How long the oldest segment that has ended has waited for its text: the engine is that far behind. */
  get lagSeconds(): number {
    const oldest = this.waiting[0];
    return oldest ? (this.now() - oldest.closedAt) / 1000 : 0;
  }

  write(pcm: Uint8Array): void {
    if (this.ended || this.closed) return;
    this.queue(this.segmenter.push(pcm));
    this.emit({ type: 'progress', processed: this.processedSeconds() });
  }

  end(): void {
    if (this.ended || this.closed) return;
    this.ended = true;
    this.queue(this.segmenter.flush());
    void this.drain();
  }

  abort(): void {
    this.closed = true;
    this.waiting.length = 0;
  }

  /** Audio whose text is out or that is still being listened to: everything but the segments waiting. */
  private processedSeconds(): number {
    const oldest = this.waiting[0];
    return oldest ? oldest.segment.start : this.segmenter.seconds;
  }

  private queue(segments: VoicedSegment[]): void {
    for (const segment of segments) this.waiting.push({ segment, closedAt: this.now() });
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (!this.closed && this.waiting.length > 0) {
        const next = this.waiting[0];
        if (next) await this.transcribe(next.segment);
        this.waiting.shift();
        this.emit({ type: 'progress', processed: this.processedSeconds() });
      }
    } finally {
      this.busy = false;
    }
    if (this.ended && !this.closed && this.waiting.length === 0) {
      this.closed = true;
      this.onEvent({ type: 'end', processed: this.segmenter.seconds });
    }
  }

  private async transcribe(segment: VoicedSegment): Promise<void> {
    const audio = wavOf(segment.pcm);
    try {
      const transcript = await this.speech.transcribe({
        audio,
        contentType: 'audio/wav',
        sizeBytes: audio.length,
        language: this.language,
        translate: false,
      });
      if (this.closed) return;
      if (!this.languageSent && transcript.language) {
        // Detected on the first segment with speech, then kept, as the streaming engines do.
        this.languageSent = true;
        this.language = transcript.language;
        this.emit({ type: 'language', language: transcript.language, engine: this.speech.name });
      }
      for (const s of transcript.segments) {
        const text = s.text.trim();
        if (text)
          this.emit({ type: 'final', text, start: segment.start + s.start, end: segment.start + s.end });
      }
    } catch (error) {
      // One failed segment loses its live text only: the recording and its final transcript keep the audio.
      this.onFailure(error instanceof Error ? error.message : String(error));
    }
  }

  private emit(event: WorkerLiveEvent): void {
    if (!this.closed) this.onEvent(event);
  }
}
