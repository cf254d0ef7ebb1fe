import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegMediaToolkit } from './ffmpeg-media-toolkit';

const media = new FfmpegMediaToolkit();
let dir: string;
const at = (name: string) => join(dir, name);

/** 44 s of tone in a WebM whose Segment Duration element says 1 s (the header lies, the data does not). */
const lyingWebm = (): string => {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:duration=44',
    '-c:a',
    'libopus',
    at('honest.webm'),
  ]);
  const bytes = readFileSync(at('honest.webm'));
  const duration = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88])); // EBML Duration, 8-byte float, milliseconds
  bytes.writeDoubleBE(1000, duration + 3);
  writeFileSync(at('lying.webm'), bytes);
  return at('lying.webm');
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scrivo-decoded-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('FfmpegMediaToolkit: the decoded length, not the claimed one', () => {
  it('probes what the header claims, and normalise counts the samples really there', async () => {
    const file = lyingWebm();
    expect((await media.probe(file)).durationSeconds).toBeCloseTo(1, 1);
    const decoded = await media.normalise(file, at('all.wav'));
    expect(decoded.durationSeconds).toBeCloseTo(44, 1);
    expect(decoded.truncated).toBe(false);
  });

  it('decodes no further than maxSeconds, and says the file holds more', async () => {
    const decoded = await media.normalise(lyingWebm(), at('cut.wav'), { maxSeconds: 10 });
    expect(decoded.durationSeconds).toBeCloseTo(10, 1);
    expect(decoded.truncated).toBe(true);
  });

  it('stops converting when cancelled', async () => {
    const abort = new AbortController();
    const converting = media.normalise(lyingWebm(), at('cancelled.wav'), { signal: abort.signal });
    abort.abort();
    await expect(converting).rejects.toThrow(/cancelled/);
  });
});
