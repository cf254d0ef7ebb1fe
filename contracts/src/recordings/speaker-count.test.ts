import { describe, expect, it } from 'vitest';
import { parseSpeakerCount } from './speaker-count';

describe('the number of speakers an uploader gives', () => {
  it('is estimated when none is given, or "auto"', () => {
    expect(parseSpeakerCount({})).toEqual({ ok: true, count: null });
    expect(parseSpeakerCount({ speakers: 'auto', minSpeakers: '' })).toEqual({ ok: true, count: null });
  });

  it('is exact, a range, or a range open on one side', () => {
    expect(parseSpeakerCount({ speakers: '3' })).toEqual({ ok: true, count: { min: 3, max: 3 } });
    expect(parseSpeakerCount({ minSpeakers: '2', maxSpeakers: '4' })).toEqual({
      ok: true,
      count: { min: 2, max: 4 },
    });
    expect(parseSpeakerCount({ minSpeakers: '3' })).toEqual({ ok: true, count: { min: 3, max: 20 } });
    expect(parseSpeakerCount({ maxSpeakers: '2' })).toEqual({ ok: true, count: { min: 1, max: 2 } });
    expect(parseSpeakerCount({ speakers: '3', minSpeakers: '2', maxSpeakers: '5' })).toEqual({
      ok: true,
      count: { min: 3, max: 3 },
    });
  });

  it('names the field at fault when it is not a number of people, or the range is upside down', () => {
    expect(parseSpeakerCount({ speakers: 'two' })).toMatchObject({ ok: false, param: 'speakers' });
    expect(parseSpeakerCount({ speakers: '21' })).toMatchObject({ ok: false, param: 'speakers' });
    expect(parseSpeakerCount({ minSpeakers: '-1' })).toMatchObject({ ok: false, param: 'minSpeakers' });
    expect(parseSpeakerCount({ maxSpeakers: '2.5' })).toMatchObject({ ok: false, param: 'maxSpeakers' });
    expect(parseSpeakerCount({ minSpeakers: '5', maxSpeakers: '2' })).toMatchObject({
      ok: false,
      param: 'minSpeakers',
    });
    expect(parseSpeakerCount({ speakers: '6', maxSpeakers: '4' })).toMatchObject({
      ok: false,
      param: 'speakers',
    });
  });
});
