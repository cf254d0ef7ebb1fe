import { describe, expect, it } from 'vitest';
import type { ProcessSample, StackSample } from './process-sampler';
import { judgeSoak } from './soak-verdict';

const MB = 1024 * 1024;

const api = (rssMb: number, fds = 40, sockets = 12): ProcessSample => ({
  pid: 100,
  kind: 'api',
  rssMb,
  peakRssMb: rssMb,
  fds,
  sockets,
});

/** Samples every 60 s for an hour, each process as `at` gives it. */
const hour = (
  at: (minute: number) => Partial<Omit<StackSample, 'at'>> & { processes: readonly ProcessSample[] },
): StackSample[] =>
  Array.from({ length: 61 }, (_, minute) => ({
    at: minute * 60,
    walBytes: 4 * MB,
    folderBytes: { blobs: minute * 10 * MB, tmp: MB },
    ...at(minute),
  }));

describe('the soak verdict', () => {
  it('passes a stack whose memory, descriptors and folders stay level after warm-up', () => {
    const verdict = judgeSoak(
      hour((m) => ({ processes: [api(m < 10 ? 100 + m * 10 : 200 + (m % 3))] })),
      600,
      3600,
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.processes).toEqual([
      expect.objectContaining({ kind: 'api', rssAfterWarmUpMb: 201, rssAtEndMb: 201, ok: true }),
    ]);
  });

  it('fails a process whose memory keeps growing after warm-up, by 10 % or more', () => {
    const verdict = judgeSoak(
      hour((m) => ({ processes: [api(200 + m)] })),
      600,
      3600,
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.processes[0]).toMatchObject({ rssAfterWarmUpMb: 212, rssAtEndMb: 258, ok: false });
  });

  it('does not judge warm-up: memory taken before it ends is not growth', () => {
    expect(
      judgeSoak(
        hour((m) => ({ processes: [api(m < 10 ? 50 : 300)] })),
        600,
        3600,
      ).ok,
    ).toBe(true);
  });

  it('fails a process that keeps sockets it does not give back', () => {
    const verdict = judgeSoak(
      hour((m) => ({ processes: [api(200, 40 + m, 12 + m)] })),
      600,
      3600,
    );
    expect(verdict.processes[0]).toMatchObject({ sockets: [24, 70], ok: false });
  });

  it('fails a write-ahead log or a working folder that grows without bound, but not the media users upload', () => {
    const growingLog = judgeSoak(
      hour((m) => ({ processes: [api(200)], walBytes: m * 2 * MB })),
      600,
      3600,
    );
    expect(growingLog.bounded.find((b) => b.name === 'SQLite write-ahead logs')?.ok).toBe(false);
    const growingTmp = judgeSoak(
      hour((m) => ({ processes: [api(200)], folderBytes: { blobs: m * MB, tmp: m * 5 * MB } })),
      600,
      3600,
    );
    expect(growingTmp.bounded).toEqual([
      expect.objectContaining({ name: 'SQLite write-ahead logs', ok: true }),
      expect.objectContaining({ name: 'tmp/', ok: false }),
    ]);
    expect(growingTmp.keptMedia).toEqual([10 * MB, 60 * MB]);
  });
});
