import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegMediaToolkit } from './ffmpeg-media-toolkit';
import { sharedAudio } from '../testing/shared-audio';

const JFK = sharedAudio('jfk/jfk.wav');
const media = new FfmpegMediaToolkit();
let dir: string;
const at = (name: string) => join(dir, name);
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scrivo-media-'));
  ffmpeg('-i', JFK, '-b:a', '64k', at('speech.mp3'));
  ffmpeg('-i', JFK, '-c:a', 'aac', at('speech.m4a'));
  ffmpeg('-i', JFK, '-c:a', 'libopus', at('speech.webm'));
  ffmpeg('-i', JFK, '-c:a', 'flac', at('speech.flac'));
  ffmpeg('-i', JFK, '-c:a', 'libvorbis', at('speech.ogg'));
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10:duration=11',
    '-i',
    JFK,
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    '-shortest',
    at('clip.mp4'),
  );
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10:duration=11',
    '-i',
    JFK,
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    '-shortest',
    at('clip.mov'),
  );
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10:duration=3',
    '-c:v',
    'libx264',
    at('silent-video.mp4'),
  );
  writeFileSync(at('empty.wav'), '');
  ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '0', '-c:a', 'pcm_s16le', at('zero.wav'));
  ffmpeg('-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo', '-t', '0', at('zero.flac'));
  writeFileSync(at('notes.mp3'), 'These are my meeting notes, not audio.\n'.repeat(50));
  const mp3 = readFileSync(at('speech.mp3'));
  writeFileSync(at('cut.mp3'), mp3.subarray(0, Math.floor(mp3.length / 3)));
  const wav = readFileSync(JFK);
  writeFileSync(at('cut.wav'), wav.subarray(0, Math.floor(wav.length / 2)));
  const image = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=32x32',
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-',
  ]);
  writeFileSync(at('photo.wav'), image);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('FfmpegMediaToolkit.probe', () => {
  it.each([
    ['speech.mp3', 'audio/mpeg', 'audio'],
    ['speech.m4a', 'audio/mp4', 'audio'],
    ['speech.webm', 'audio/webm', 'audio'],
    ['speech.flac', 'audio/flac', 'audio'],
    ['speech.ogg', 'audio/ogg', 'audio'],
    ['clip.mp4', 'video/mp4', 'video'],
    ['clip.mov', 'video/quicktime', 'video'],
  ])('reads %s as %s with its duration', async (file, mimeType, mediaKind) => {
    const probed = await media.probe(at(file));
    expect(probed).toMatchObject({ mimeType, mediaKind });
    expect(probed.durationSeconds).toBeGreaterThan(10.5);
    expect(probed.durationSeconds).toBeLessThan(11.5);
  });

  it('reads the WAV reference clip', async () => {
    expect(await media.probe(JFK)).toMatchObject({
      mimeType: 'audio/wav',
      durationSeconds: 11,
      audioCodec: 'pcm_s16le',
    });
  });

  it.each([
    ['empty.wav', 'EMPTY_FILE', /empty/],
    ['notes.mp3', 'UNSUPPORTED_MEDIA', /no audio we can read/],
    ['zero.wav', 'ZERO_LENGTH', /^This recording is 0 seconds long/],
    ['zero.flac', 'ZERO_LENGTH', /^This recording is 0 seconds long/],
    ['photo.wav', 'UNSUPPORTED_MEDIA', /format/],
    ['silent-video.mp4', 'NO_AUDIO_STREAM', /no audio track/],
    ['cut.mp3', 'CORRUPT_MEDIA', /cut off/],
    ['cut.wav', 'CORRUPT_MEDIA', /cut off/],
  ])('refuses %s with %s and a message that names the problem', async (file, code, message) => {
    await expect(media.probe(at(file))).rejects.toMatchObject({
      code,
      message: expect.stringMatching(message),
    });
  });
});

describe('FfmpegMediaToolkit.normalise', () => {
  it('extracts the audio of a video as 16 kHz mono 16-bit WAV', async () => {
    await media.normalise(at('clip.mp4'), at('clip.wav'));
    const probed = await media.probe(at('clip.wav'));
    expect(probed).toMatchObject({ mimeType: 'audio/wav', mediaKind: 'audio', audioCodec: 'pcm_s16le' });
    const header = readFileSync(at('clip.wav')).subarray(0, 44);
    expect(header.readUInt16LE(22)).toBe(1);
    expect(header.readUInt32LE(24)).toBe(16000);
    expect(statSync(at('clip.wav')).size).toBeGreaterThan(16000 * 2 * 10);
  });

  it('copies a WAV that is already 16 kHz mono 16-bit as it is, and counts its samples', async () => {
    const result = await media.normalise(JFK, at('copied.wav'));
    expect(readFileSync(at('copied.wav')).equals(readFileSync(JFK))).toBe(true);
    expect(result).toEqual({ durationSeconds: 11, truncated: false });
  });

  it('still converts a WAV at another rate, and cuts a ready one to the minutes left', async () => {
    ffmpeg('-i', JFK, '-ar', '44100', at('speech-44k.wav'));
    const converted = await media.normalise(at('speech-44k.wav'), at('from-44k.wav'));
    expect(readFileSync(at('from-44k.wav')).readUInt32LE(24)).toBe(16000);
    expect(converted.durationSeconds).toBeCloseTo(11, 1);
    const cut = await media.normalise(JFK, at('cut.wav'), { maxSeconds: 5 });
    expect(cut).toEqual({ durationSeconds: 5, truncated: true });
  });
});

describe('ffmpeg beside the API', () => {
  it('runs below the API (at the niceness asked), so reading an upload does not hold the cores from readers', async () => {
    // An ffmpeg that writes down the niceness it was started at, then fails like a damaged file.
    const spy = at('nice-ffmpeg.sh');
    writeFileSync(spy, `#!/bin/sh\nnice > "${at('niceness.txt')}"\nexit 1\n`);
    chmodSync(spy, 0o755);
    const niced = new FfmpegMediaToolkit({ ffmpegPath: spy, niceness: 11 });
    await expect(niced.normalise(at('speech.mp3'), at('never.wav'))).rejects.toThrow();
    expect(Number(readFileSync(at('niceness.txt'), 'utf8'))).toBe(Math.max(getPriority(0), 11));
  });

  it('says that ffmpeg could not be started rather than call the file damaged', async () => {
    const missing = new FfmpegMediaToolkit({ ffmpegPath: at('no-such-ffmpeg'), niceness: 19 });
    await expect(missing.normalise(at('speech.mp3'), at('never.wav'))).rejects.toThrow(
      /could not be started|ENOENT/,
    );
  });
});
