import type { Transcript } from '@scrivo/contracts/recordings/recordings.contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import { TranscriptAutosave, type AutosaveOptions } from './autosave';
import { draftKey, loadDraft, type DraftStorage } from './draft';

class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

type Body = Parameters<AutosaveOptions['save']>[0];

/** A server that records what it was sent and answers each save with the next version. */
const fakeServer = () => {
  const requests: Body[] = [];
  let version = 1;
  let failWith: unknown = null;
  return {
    requests,
    failNext(error: unknown) {
      failWith = error;
    },
    save: vi.fn(async (body: Body): Promise<Transcript> => {
      requests.push(body);
      if (failWith) {
        const error = failWith;
        failWith = null;
        throw error;
      }
      version += 1;
      return { version } as Transcript;
    }),
  };
};

const ID = 'rec-1';

describe('transcript autosave', () => {
  let storage: MemoryStorage;
  let server: ReturnType<typeof fakeServer>;
  const start = (version = 1) =>
    new TranscriptAutosave({
      recordingId: ID,
      version,
      save: server.save,
      storage,
      onSaved: () => {},
      onChange: () => {},
      delayMs: 1000,
      retryMs: 2000,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    storage = new MemoryStorage();
    server = fakeServer();
  });
  afterEach(() => vi.useRealTimers());

  it('saves once, about a second after typing stops, with the version it started from', async () => {
    const autosave = start();
    autosave.editSegment(0, 'Ask');
    await vi.advanceTimersByTimeAsync(500);
    autosave.editSegment(0, 'Ask not');
    await vi.advanceTimersByTimeAsync(900);
    expect(server.requests).toEqual([]);
    expect(autosave.status.kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    expect(server.requests).toEqual([
      { version: 1, segments: [{ index: 0, text: 'Ask not' }], speakers: {} },
    ]);
    expect(autosave.status.kind).toBe('saved');
    expect(storage.items.size).toBe(0);
  });

  it('saves at once on blur', async () => {
    const autosave = start();
    autosave.editSegment(2, 'Done');
    autosave.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1);
  });

  it('keeps edits in storage until the server has them, and sends them after a reload', async () => {
    const first = start();
    first.editSegment(1, 'typed before the reload');
    first.renameSpeaker('SPEAKER_00', 'Alice');
    first.stop();
    expect(loadDraft(storage, ID)).toEqual({
      baseVersion: 1,
      segments: { 1: 'typed before the reload' },
      speakers: { SPEAKER_00: 'Alice' },
    });

    const reloaded = start();
    expect(reloaded.draft.segments).toEqual({ 1: 'typed before the reload' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([
      {
        version: 1,
        segments: [{ index: 1, text: 'typed before the reload' }],
        speakers: { SPEAKER_00: 'Alice' },
      },
    ]);
    expect(storage.items.has(draftKey(ID))).toBe(false);
  });

  it('when offline keeps the edits, says so, and retries with growing delays until it gets through', async () => {
    const autosave = start();
    server.failNext(new TypeError('Failed to fetch'));
    autosave.editSegment(0, 'Ask not');
    await vi.advanceTimersByTimeAsync(1000);
    expect(autosave.status.kind).toBe('offline');
    expect(loadDraft(storage, ID)?.segments).toEqual({ 0: 'Ask not' });

    server.failNext(new HttpError(503, 'unavailable'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.requests).toHaveLength(2);
    expect(autosave.status.kind).toBe('offline');
    await vi.advanceTimersByTimeAsync(3999);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(3);
    expect(autosave.status.kind).toBe('saved');
    expect(storage.items.size).toBe(0);
  });

  it('sends edits made during a save in the next one, against the new version', async () => {
    let release: () => void = () => {};
    server.save.mockImplementationOnce(async (body) => {
      server.requests.push(body);
      await new Promise<void>((resolve) => (release = resolve));
      return { version: 2 } as Transcript;
    });
    const autosave = start();
    autosave.renameSpeaker('SPEAKER_00', 'Alice');
    await vi.advanceTimersByTimeAsync(1000);
    expect(autosave.status.kind).toBe('saving');
    autosave.editSegment(3, 'while saving');
    autosave.renameSpeaker('SPEAKER_00', 'Alice Smith');
    expect(autosave.draft.speakers).toEqual({ SPEAKER_00: 'Alice Smith' });
    release();
    await vi.advanceTimersByTimeAsync(1000);
    // The server now calls that speaker Alice, so the second rename is keyed by the new name.
    expect(server.requests[1]).toEqual({
      version: 2,
      segments: [{ index: 3, text: 'while saving' }],
      speakers: { Alice: 'Alice Smith' },
    });
  });

  it('stops on a version conflict, keeps the edits, and can save them on top of the newer version', async () => {
    const autosave = start();
    server.failNext(
      new HttpError(
        409,
        JSON.stringify({ code: 'TRANSCRIPT_VERSION_CONFLICT', details: { currentVersion: 4 } }),
      ),
    );
    autosave.editSegment(0, 'mine');
    await vi.advanceTimersByTimeAsync(1000);
    expect(autosave.status).toEqual({ kind: 'conflict', currentVersion: 4 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toHaveLength(1);

    autosave.keepMine(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests[1]).toMatchObject({ version: 4, segments: [{ index: 0, text: 'mine' }] });
    expect(autosave.status.kind).toBe('saved');
  });

  it('reports a conflict at load when the stored edits were made on an older version', () => {
    start().editSegment(0, 'old tab');
    const later = start(3);
    expect(later.status).toEqual({ kind: 'conflict', currentVersion: 3 });
    later.discard(3);
    expect(later.draft.segments).toEqual({});
    expect(storage.items.size).toBe(0);
  });

  it('shows the reason of a refusal and does not retry it', async () => {
    const autosave = start();
    server.failNext(
      new HttpError(402, JSON.stringify({ code: 'PLAN_UPGRADE_REQUIRED', error: 'Upgrade to edit.' })),
    );
    autosave.editSegment(0, 'x');
    await vi.advanceTimersByTimeAsync(1000);
    expect(autosave.status).toEqual({ kind: 'error', message: 'Upgrade to edit.' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toHaveLength(1);
  });

  it('holds back a segment that was emptied while retyping it', async () => {
    const autosave = start();
    autosave.editSegment(0, '  ');
    autosave.editSegment(1, 'kept');
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.requests).toEqual([{ version: 1, segments: [{ index: 1, text: 'kept' }], speakers: {} }]);
    expect(autosave.draft.segments).toEqual({ 0: '  ' });
    expect(loadDraft(storage, ID)?.segments).toEqual({ 0: '  ' });
  });
});
