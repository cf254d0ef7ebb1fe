import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';

describe('recordings settings in the shared configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      SCRIVO_MAX_UPLOAD_BYTES: 1024 ** 3,
      SCRIVO_RESTORE_GRACE_SECONDS: 30 * 24 * 3600,
      SCRIVO_SPEECH_ENGINE: 'local',
      SCRIVO_JOB_LEASE_MS: 30_000,
      SCRIVO_MEDIA_PURGE_INTERVAL_MS: 60_000,
    });
    expect(config.SCRIVO_IN_PROCESS_JOB_WORKER).toBeUndefined();
  });

  it.each([
    ['SCRIVO_JOB_LEASE_MS', '5', /SCRIVO_JOB_LEASE_MS: Number must be greater than or equal to 1000/],
    ['SCRIVO_MAX_UPLOAD_BYTES', 'lots', /SCRIVO_MAX_UPLOAD_BYTES: Expected number/],
    ['SCRIVO_SPEECH_ENGINE', 'whisper.cpp', /SCRIVO_SPEECH_ENGINE: Invalid enum value/],
    ['SCRIVO_SPEECH_URL', 'not a url', /SCRIVO_SPEECH_URL: Invalid url/],
    ['SCRIVO_IN_PROCESS_JOB_WORKER', 'maybe', /SCRIVO_IN_PROCESS_JOB_WORKER/],
  ])('refuses to start with %s=%s, naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
