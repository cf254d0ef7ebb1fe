import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedAudio } from './shared-audio';

const repository = resolve(import.meta.dirname, '../../..');

describe('sharedAudio', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('finds the samples in the shared/audio folder beside the repository when SCRIVO_SHARED_AUDIO is not set', () => {
    vi.stubEnv('SCRIVO_SHARED_AUDIO', undefined);
    expect(existsSync(join(repository, 'package-lock.json'))).toBe(true);
    expect(sharedAudio('jfk/jfk.wav')).toBe(join(repository, '..', 'shared', 'audio', 'jfk', 'jfk.wav'));
  });

  it('finds them under SCRIVO_SHARED_AUDIO when it is set, as the speech worker tests do', () => {
    vi.stubEnv('SCRIVO_SHARED_AUDIO', '/data/speech');
    expect(sharedAudio('jfk', 'jfk.wav')).toBe('/data/speech/jfk/jfk.wav');
    expect(sharedAudio()).toBe('/data/speech');
  });

  it('reads a relative SCRIVO_SHARED_AUDIO from the working directory, and an empty one as not set', () => {
    vi.stubEnv('SCRIVO_SHARED_AUDIO', 'speech');
    expect(sharedAudio('jfk/jfk.wav')).toBe(join(process.cwd(), 'speech/jfk/jfk.wav'));
    vi.stubEnv('SCRIVO_SHARED_AUDIO', '');
    expect(sharedAudio()).toBe(join(repository, '../shared/audio'));
  });
});
