import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import { maxUploadBytesFor, usagePeriod } from './plans';
import { usageDecider } from './usage.decider';

const spec = DeciderSpecification.for(usageDecider);
const now = '2026-03-10T00:00:00.000Z';
const reserve = (recordingId: string, seconds: number, allowanceSeconds: number | null) => ({
  type: 'ReserveMinutes' as const,
  userId: 'u1',
  period: '2026-03',
  recordingId,
  seconds,
  allowanceSeconds,
  now,
});
const reserved = (recordingId: string, seconds: number) => ({
  type: 'MinutesReserved' as const,
  data: { userId: 'u1', period: '2026-03', recordingId, seconds, at: now },
});

const settle = (recordingId: string, recordedSeconds: number) => ({
  type: 'SettleLiveMinutes' as const,
  userId: 'u1',
  period: '2026-03',
  recordingId,
  recordedSeconds,
  now,
});
const releasedLive = (recordingId: string, seconds: number) => ({
  type: 'MinutesReleased' as const,
  data: { userId: 'u1', period: '2026-03', recordingId, seconds, reason: 'live-ended' as const, at: now },
});

describe('usage decider: a live session holds what is left while it runs', () => {
  it('lets no second session hold minutes the first one holds', () => {
    spec
      .given([reserved('upload', 200), reserved('live-1', 99)])
      .when(reserve('live-2', 99, 300))
      .thenThrows((error) => (error as { code: string }).code === 'QUOTA_EXCEEDED');
  });

  it('keeps only the seconds recorded once the session stops, in one append', () => {
    spec
      .given([reserved('live-1', 299)])
      .when(settle('live-1', 42.5))
      .then([releasedLive('live-1', 299), reserved('live-1', 42.5)]);
  });

  it('gives the whole hold back when nothing was recorded', () => {
    spec
      .given([reserved('live-1', 299)])
      .when(settle('live-1', 0))
      .then([releasedLive('live-1', 299)]);
  });

  it('changes nothing when repeated, or when the minutes were given back meanwhile', () => {
    spec
      .given([reserved('live-1', 299), releasedLive('live-1', 299), reserved('live-1', 42.5)])
      .when(settle('live-1', 42.5))
      .then([]);
    spec.given([]).when(settle('live-1', 42.5)).then([]);
  });
});

describe('usage decider (monthly minutes)', () => {
  it('reserves the probed duration while minutes are left', () => {
    spec
      .given([reserved('a', 120)])
      .when(reserve('b', 150, 300))
      .then([reserved('b', 150)]);
  });

  it('refuses a file longer than what is left, saying how many minutes are left', () => {
    spec
      .given([reserved('a', 240)])
      .when(reserve('b', 90, 300))
      .thenThrows((error) => {
        const e = error as { code: string; message: string; details: { minutesLeft: number } };
        expect(e.code).toBe('QUOTA_EXCEEDED');
        expect(e.message).toContain('you have 1 of your 5 minutes left');
        expect(e.details.minutesLeft).toBe(1);
        return true;
      });
  });

  it('never limits an unlimited plan', () => {
    spec
      .given([reserved('a', 100_000)])
      .when(reserve('b', 100_000, null))
      .then([reserved('b', 100_000)]);
  });

  it('reserves once per recording (a repeated request is not charged twice)', () => {
    spec
      .given([reserved('a', 60)])
      .when(reserve('a', 60, 300))
      .thenNothingHappens();
  });

  it('gives minutes back when a transcription fails or is cancelled', () => {
    spec
      .given([reserved('a', 240)])
      .when({
        type: 'ReleaseMinutes',
        userId: 'u1',
        period: '2026-03',
        recordingId: 'a',
        reason: 'cancelled',
        now,
      })
      .then([
        {
          type: 'MinutesReleased',
          data: {
            userId: 'u1',
            period: '2026-03',
            recordingId: 'a',
            seconds: 240,
            reason: 'cancelled',
            at: now,
          },
        },
      ]);
  });
});

describe('plans', () => {
  it("caps each plan's file limit by the installation limit", () => {
    expect(maxUploadBytesFor('business_pro', 2 ** 40)).toBe(1024 ** 3);
    expect(maxUploadBytesFor('business_pro', 1000)).toBe(1000);
    expect(maxUploadBytesFor('free', 2 ** 40)).toBeLessThan(maxUploadBytesFor('premium', 2 ** 40));
  });

  it('runs allowances per UTC calendar month', () => {
    const p = usagePeriod(new Date('2026-12-31T23:59:59.000Z'));
    expect(p).toEqual({
      id: '2026-12',
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    });
  });

  describe('billing the audio actually decoded (a header can claim 1 s and hold hours)', () => {
    const decoded = (recordingId: string, decodedSeconds: number, allowanceSeconds: number | null) => ({
      type: 'ReserveDecodedMinutes' as const,
      userId: 'u1',
      period: '2026-03',
      recordingId,
      decodedSeconds,
      allowanceSeconds,
      now,
    });
    const extra = (recordingId: string, seconds: number, totalSeconds: number) => ({
      type: 'ExtraMinutesReserved' as const,
      data: { userId: 'u1', period: '2026-03', recordingId, seconds, totalSeconds, at: now },
    });

    it('reserves the difference when the decoded audio is longer than the probed duration', () => {
      spec
        .given([reserved('a', 1)])
        .when(decoded('a', 44, 300))
        .then([extra('a', 43, 44)]);
    });

    it('charges nothing more for the small differences of honest files, nor for shorter audio', () => {
      spec
        .given([reserved('a', 60)])
        .when(decoded('a', 60.8, 300))
        .thenNothingHappens();
      spec
        .given([reserved('a', 60)])
        .when(decoded('a', 42, 300))
        .thenNothingHappens();
    });

    it('is idempotent: a second attempt that decodes the same audio adds nothing', () => {
      spec
        .given([reserved('a', 1), extra('a', 43, 44)])
        .when(decoded('a', 44, 300))
        .thenNothingHappens();
    });

    it('refuses when the real length does not fit in the minutes left, saying what the file holds', () => {
      spec
        .given([reserved('b', 200), reserved('a', 1)])
        .when(decoded('a', 3 * 3600, 300))
        .thenThrows((error) => {
          const e = error as { code: string; message: string; details: { minutesLeft: number } };
          expect(e.code).toBe('QUOTA_EXCEEDED');
          expect(e.message).toContain('holds at least 180 minutes of audio, although its header says 0.1');
          expect(e.message).toContain('you have 1.6 of your 5 minutes left');
          expect(e.details.minutesLeft).toBe(1.6);
          return true;
        });
    });

    it('never limits an unlimited plan, and bills nothing for a released (cancelled) recording', () => {
      spec
        .given([reserved('a', 1)])
        .when(decoded('a', 7200, null))
        .then([extra('a', 7199, 7200)]);
      spec
        .given([])
        .when(decoded('a', 7200, 300))
        .thenNothingHappens();
    });

    it('gives back everything reserved for the recording when it fails afterwards', () => {
      spec
        .given([reserved('a', 1), extra('a', 43, 44)])
        .when({
          type: 'ReleaseMinutes',
          userId: 'u1',
          period: '2026-03',
          recordingId: 'a',
          reason: 'failed',
          now,
        })
        .then([
          {
            type: 'MinutesReleased',
            data: {
              userId: 'u1',
              period: '2026-03',
              recordingId: 'a',
              seconds: 44,
              reason: 'failed',
              at: now,
            },
          },
        ]);
    });
  });
});

describe('usage decider: minutes granted by an operator', () => {
  const granted = (grantId: string, seconds: number) => ({
    type: 'MinutesGranted' as const,
    data: { userId: 'u1', period: '2026-03', grantId, seconds, at: now },
  });
  const grant = (grantId: string, seconds: number) => ({
    type: 'GrantMinutes' as const,
    userId: 'u1',
    period: '2026-03',
    grantId,
    seconds,
    now,
  });

  it('records a grant once (a repeated grant id changes nothing)', () => {
    spec
      .given([])
      .when(grant('g1', 600))
      .then([granted('g1', 600)]);
    spec
      .given([granted('g1', 600)])
      .when(grant('g1', 600))
      .thenNothingHappens();
  });

  it("raises the period's allowance: a file past the plan's minutes fits within the grant", () => {
    spec
      .given([reserved('a', 300), granted('g1', 600)])
      .when(reserve('b', 540, 300))
      .then([reserved('b', 540)]);
  });

  it('still refuses past plan and grant together, counting both in the message', () => {
    spec
      .given([reserved('a', 300), granted('g1', 60)])
      .when(reserve('b', 120, 300))
      .thenThrows((error) => {
        expect((error as { message: string }).message).toContain('you have 1 of your 6 minutes left');
        return true;
      });
  });
});
