import { readFileSync } from 'node:fs';
import { SpeechInputError, type SpeechRecognizer, type SpeechTranscript } from '@scrivo/domain/recordings';
import { describe, expect, it } from 'vitest';
import { wordErrorRate } from './word-error-rate';
import { HEARD, phraseErrorRate } from '@scrivo/domain/testing';
import { sharedAudio } from '../testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');
const JFK_TEXT = readFileSync(sharedAudio('jfk/jfk.txt'), 'utf8');

export interface SpeechConformanceOptions {
  /** Whether the adapter reports progress while it works (streaming engines do). */
  readonly reportsProgress: boolean;
  /** Whether the engine answers voice prints and clusters the speakers of pieces of one file (issue 29). */
  readonly voicePrints?: boolean;
}

const RATE = 16_000;

/** The 16-bit mono PCM samples of a 16 kHz WAV file (the shared clips), found by its `data` chunk. */
const pcm = (path: string): Int16Array => {
  const file = readFileSync(path);
  let at = 12;
  while (at + 8 <= file.length) {
    const size = file.readUInt32LE(at + 4);
    if (file.toString('latin1', at, at + 4) === 'data') {
      const bytes = file.subarray(at + 8, at + 8 + size);
      return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${path}: no data chunk`);
};

const wav = (samples: Int16Array): Uint8Array => {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
};

/** The clip cut in two at its quietest 0.3 s between a third and two thirds of it (a pause between words). */
const cutAtPause = (samples: Int16Array): [Int16Array, Int16Array] => {
  const span = 0.3 * RATE;
  let best = Math.floor(samples.length / 3);
  let quietest = Infinity;
  for (let start = best; start + span < (samples.length * 2) / 3; start += RATE / 100) {
    let energy = 0;
    for (let i = start; i < start + span; i++) energy += samples[i]! * samples[i]!;
    if (energy < quietest) [quietest, best] = [energy, start];
  }
  const cut = best + span / 2;
  return [samples.subarray(0, cut), samples.subarray(cut)];
};

/** Two voices, one after the other with 0.8 s between: the audio, and when the second voice starts. */
const twoTurns = (first: Int16Array, second: Int16Array): { audio: Uint8Array; secondFrom: number } => {
  const gap = new Int16Array(0.8 * RATE);
  const all = new Int16Array(first.length + gap.length + second.length);
  all.set(first, 0);
  all.set(second, first.length + gap.length);
  return { audio: wav(all), secondFrom: (first.length + gap.length / 2) / RATE };
};

/** What every SpeechRecognizer must do, run against real engines on real speech. */
export const speechConformance = (
  name: string,
  recognizer: () => SpeechRecognizer,
  options: SpeechConformanceOptions,
): void => {
  // Real recognition on a CPU shared with other work can take minutes per clip: no 60 s default here.
  describe(`${name} (speech port conformance)`, { timeout: 300_000 }, () => {
    it('transcribes English speech into the canonical transcript with language, segments and words', async () => {
      const progress: number[] = [];
      const t = await recognizer().transcribe({
        audio: readFileSync(JFK),
        contentType: 'audio/wav',
        language: null,
        translate: false,
        onProgress: (p) => progress.push(p),
      });
      expect(phraseErrorRate('ask not what your country can do for you', t.text)).toBeLessThanOrEqual(HEARD);
      expect(wordErrorRate(JFK_TEXT, t.text)).toBeLessThanOrEqual(0.1);
      expect(t.language).toBe('en');
      expect(t.languageProbability).toBeGreaterThan(0.5);
      expect(t.durationSeconds).toBeCloseTo(11, 0);
      expect(t.engine).toBe(recognizer().name);
      expect(t.segments.length).toBeGreaterThan(0);
      let previousEnd = 0;
      for (const segment of t.segments) {
        expect(segment.start).toBeGreaterThanOrEqual(previousEnd - 0.01);
        expect(segment.end).toBeGreaterThanOrEqual(segment.start);
        expect(segment.end).toBeLessThanOrEqual(11.1);
        expect(segment.speaker).toBeNull();
        expect(segment.words.length).toBeGreaterThan(0);
        for (const word of segment.words) {
          expect(word.start).toBeGreaterThanOrEqual(segment.start - 0.05);
          expect(word.end).toBeLessThanOrEqual(segment.end + 0.05);
          expect(word.probability).toBeGreaterThanOrEqual(0);
          expect(word.probability).toBeLessThanOrEqual(1);
          expect(word.text).toBe(word.text.trim());
        }
        previousEnd = segment.end;
      }
      if (options.reportsProgress) {
        expect(progress.length).toBeGreaterThan(0);
        expect(progress.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= progress[i - 1]!))).toBe(true);
      }
    });

    it('uses the language the user chose instead of detecting one', async () => {
      const t = await recognizer().transcribe({
        audio: readFileSync(sharedAudio('picovoice-leopard-tests/test_es.wav')),
        contentType: 'audio/wav',
        language: 'es',
        translate: false,
      });
      expect(t.language).toBe('es');
      expect(t.text.length).toBeGreaterThan(10);
    });

    it('translates to English when asked', async () => {
      const t = await recognizer().transcribe({
        audio: readFileSync(sharedAudio('picovoice-leopard-tests/test_es.wav')),
        contentType: 'audio/wav',
        language: 'es',
        translate: true,
      });
      expect(t.text).toMatch(/\b(the|and|of|is|to)\b/i);
    });

    it('returns an empty transcript for a recording without speech', async () => {
      const t = await recognizer().transcribe({
        audio: readFileSync(sharedAudio('picovoice-leopard-tests/empty.wav')),
        contentType: 'audio/wav',
        language: null,
        translate: false,
      });
      expect(t.text).toBe('');
      expect(t.segments).toEqual([]);
    });

    if (options.voicePrints) {
      it('keeps one label per person across two pieces of one file when their voice prints are clustered together', async () => {
        // Piece 1: a man, then a woman; piece 2: the same woman (another sentence), then the rest of the man's
        // sentence. Each piece numbers its own labels by first appearance, so the pieces' labels disagree.
        const [manA, manB] = cutAtPause(pcm(sharedAudio('librispeech-sherpa/1089-134686-0001.wav')));
        const pieces = [
          twoTurns(manA, pcm(sharedAudio('librispeech-sherpa/1221-135766-0001.wav'))),
          twoTurns(pcm(sharedAudio('librispeech-sherpa/1221-135766-0002.wav')), manB),
        ];
        const engine = recognizer();
        const transcripts: SpeechTranscript[] = [];
        for (const piece of pieces)
          transcripts.push(
            await engine.transcribe({
              audio: piece.audio,
              contentType: 'audio/wav',
              language: 'en',
              translate: false,
              diarize: true,
              speakerProfiles: true,
            }),
          );
        const profiles = transcripts.map((t) => t.speakerProfiles!);
        for (const [i, t] of transcripts.entries()) {
          expect(new Set(profiles[i]!.speakers)).toEqual(new Set(t.segments.map((s) => s.speaker)));
          expect(profiles[i]!.tracks.length).toBeGreaterThan(0);
        }
        const mappings = await engine.clusterSpeakers!(profiles);
        // Who a turn's speech went to, by seconds (a diarizer may give a turn's first word to the voice before it).
        const voice = (piece: number, firstTurn: boolean): string => {
          const seconds = new Map<string, number>();
          for (const s of transcripts[piece]!.segments) {
            if ((s.start + s.end) / 2 <= pieces[piece]!.secondFrom !== firstTurn) continue;
            const label = mappings[piece]![s.speaker!]!;
            seconds.set(label, (seconds.get(label) ?? 0) + s.end - s.start);
          }
          return [...seconds].sort((x, y) => y[1] - x[1])[0]![0];
        };
        expect(mappings[1]).not.toEqual({ 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Speaker 2' });
        expect([voice(0, true), voice(1, false)]).toEqual(['Speaker 1', 'Speaker 1']);
        expect([voice(0, false), voice(1, true)]).toEqual(['Speaker 2', 'Speaker 2']);
      });

      it('answers no voice prints unless they are asked for', async () => {
        const t = await recognizer().transcribe({
          audio: readFileSync(JFK),
          contentType: 'audio/wav',
          language: 'en',
          translate: false,
          diarize: true,
        });
        expect(t.segments[0]?.speaker).toBe('Speaker 1');
        expect(t).not.toHaveProperty('speakerProfiles');
      });
    } else {
      it('offers no speaker clustering, and no voice prints even when asked', async () => {
        const engine = recognizer();
        expect(engine.clusterSpeakers).toBeUndefined();
        const t = await engine.transcribe({
          audio: readFileSync(JFK),
          contentType: 'audio/wav',
          language: 'en',
          translate: false,
          diarize: true,
          speakerProfiles: true,
        });
        expect(t).not.toHaveProperty('speakerProfiles');
      });
    }

    it('refuses audio it cannot decode with a SpeechInputError (not retried)', async () => {
      await expect(
        recognizer().transcribe({
          audio: new TextEncoder().encode('this is not audio at all '.repeat(40)),
          contentType: 'audio/wav',
          language: null,
          translate: false,
        }),
      ).rejects.toBeInstanceOf(SpeechInputError);
    });
  });
};
