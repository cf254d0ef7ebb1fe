import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pcmOfWav } from '../../test/live/live-client';
import { VoicedSegmenter, wavOf } from './voiced-segments';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const AUDIO = sharedAudio();
const JFK = pcmOfWav(readFileSync(join(AUDIO, 'jfk/jfk.wav')));
const silence = (seconds: number) => new Uint8Array(Math.round(seconds * 16_000) * 2);

/** Feeds PCM in 100 ms frames, as the browser sends it. */
const segmentsOf = (pcm: Uint8Array) => {
  const segmenter = new VoicedSegmenter();
  const out = [];
  for (let at = 0; at < pcm.length; at += 3200) out.push(...segmenter.push(pcm.subarray(at, at + 3200)));
  out.push(...segmenter.flush());
  return out;
};

const join2 = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('voiced segments for engines that only take whole files', () => {
  it('finds nothing in silence', () => {
    expect(segmentsOf(silence(5))).toEqual([]);
  });

  it('cuts speech in its pauses, keeps every voiced second and places each segment in the stream', () => {
    const pcm = join2(silence(2), JFK, silence(3), JFK);
    const segments = segmentsOf(pcm);
    expect(segments.length).toBeGreaterThanOrEqual(2);
    const first = segments[0];
    expect(first?.start).toBeGreaterThan(1.5);
    expect(first?.start).toBeLessThan(2.5);
    // No segment runs across the 3 s of silence between the two copies.
    const gapStart = 2 + JFK.length / 32_000;
    for (const s of segments) {
      const end = s.start + s.pcm.length / 32_000;
      expect(s.start >= gapStart + 2.5 || end <= gapStart + 0.7).toBe(true);
    }
    // Every segment is a copy of the stream at its place.
    for (const s of segments) {
      const at = Math.round(s.start * 16_000) * 2;
      expect(Buffer.from(pcm.subarray(at, at + 64)).equals(Buffer.from(s.pcm.subarray(0, 64)))).toBe(true);
    }
  });

  it('cuts long speech without a pause at the longest segment allowed', () => {
    const loud = new Int16Array(16_000 * 40);
    for (let i = 0; i < loud.length; i += 1)
      loud[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 16_000));
    const segments = segmentsOf(new Uint8Array(loud.buffer));
    expect(segments.length).toBe(3);
    for (const s of segments) expect(s.pcm.length / 32_000).toBeLessThanOrEqual(15.01);
  });

  it('wraps PCM in a 16 kHz mono WAV header', () => {
    const wav = Buffer.from(wavOf(JFK));
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(pcmOfWav(wav).length).toBe(JFK.length);
  });
});
