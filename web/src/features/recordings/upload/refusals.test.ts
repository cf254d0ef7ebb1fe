import type { Usage } from '@scrivo/contracts/recordings/recordings.contract';
import { describe, expect, it } from 'vitest';
import { formatBytes, refusalFromServer, refuse } from './refusals';

const usage = (change: Partial<Usage> = {}): Usage => ({
  plan: 'free',
  minutesUsed: 1,
  minutesAllowed: 5,
  minutesLeft: 4,
  periodStart: '2025-11-01T00:00:00.000Z',
  periodEnd: '2025-12-01T00:00:00.000Z',
  maxUploadBytes: 100 * 1024 * 1024,
  ...change,
});

describe('files refused before uploading', () => {
  it('accepts audio and video by type or by extension', () => {
    expect(refuse({ name: 'talk.mp3', size: 10, type: '' }, usage())).toBeNull();
    expect(refuse({ name: 'clip', size: 10, type: 'video/quicktime' }, usage())).toBeNull();
  });
  it('refuses other kinds of files, naming them', () => {
    expect(refuse({ name: 'notes.pdf', size: 10, type: 'application/pdf' }, usage())?.message).toBe(
      '“notes.pdf” is not an audio or video file. Scrivo transcribes MP3, WAV, M4A, WEBM, MP4 and other common audio and video formats.',
    );
  });
  it('refuses empty files', () => {
    expect(refuse({ name: 'a.wav', size: 0, type: 'audio/wav' }, usage())?.message).toContain('is empty');
  });
  it('refuses files over the plan limit and points to a bigger plan', () => {
    expect(refuse({ name: 'big.mp4', size: 150 * 1024 * 1024, type: 'video/mp4' }, usage())).toEqual({
      message: '“big.mp4” is 150 MB; your Free plan takes files up to 100 MB.',
      upgrade: true,
    });
  });
  it('refuses when the month’s minutes are used up', () => {
    expect(
      refuse({ name: 'a.wav', size: 10, type: 'audio/wav' }, usage({ minutesLeft: 0, minutesUsed: 5 })),
    ).toEqual({
      message: 'You have used all 5 minutes of your Free plan this month.',
      upgrade: true,
    });
  });
  it('never refuses for minutes on an unlimited plan', () => {
    expect(
      refuse(
        { name: 'a.wav', size: 10, type: 'audio/wav' },
        usage({ plan: 'business_pro', minutesLeft: null }),
      ),
    ).toBeNull();
  });
});

describe('refusals from the server', () => {
  it('pass on the server’s words', () => {
    expect(refusalFromServer(415, 'That is not a media file', 'x.wav').message).toBe(
      'That is not a media file',
    );
  });
  it('let a file with no audio we can read be kept anyway, but not an empty one', () => {
    expect(refusalFromServer(415, 'This file has no audio we can read', 'notes.mp3').keepable).toBe(true);
    expect(refusalFromServer(422, 'This recording is 0 seconds long', 'take.wav').keepable).toBe(true);
    expect(refusalFromServer(400, 'The file is empty', 'x.wav').keepable).toBeUndefined();
    expect(refusalFromServer(402, null, 'x.wav').keepable).toBeUndefined();
  });
  it('offer an upgrade for size and minutes', () => {
    expect(refusalFromServer(413, null, 'x.wav').upgrade).toBe(true);
    expect(refusalFromServer(402, null, 'x.wav').upgrade).toBe(true);
  });
  it('explain an ended session', () => {
    expect(refusalFromServer(401, 'Unauthorized', 'x.wav').message).toContain('Sign in again');
  });
});

describe('sizes', () => {
  it('read like a file manager', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
  });
});
