import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, unchecked } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { completedRecording, JFK } from './support/completed-recording';
import { bodyOf, expectStatus } from '../support/expect-status';

interface Segment {
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  words: { start: number; end: number; text: string }[];
}

describe('the transcript editor (PATCH /api/recordings/{id}/transcript)', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    ({ client } = await signedInClient(app, { plan: 'premium' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('saves a corrected segment: read back, exported and searchable, with word times inside the segment', async () => {
    const id = await completedRecording(app, client);
    const before = await client.api.recordings.transcript({ params: { id } });
    expectStatus(before, 200);
    expect(before.body).toMatchObject({ version: 1, editedAt: null, editedBy: null });

    const saved = await client.api.recordings.editTranscript({
      params: { id },
      body: {
        version: 1,
        segments: [{ index: 1, text: 'what your nation can do for you,' }],
      },
    });
    expectStatus(saved, 200);
    expect(saved.body.version).toBe(2);
    const segment = (saved.body.segments as Segment[])[1]!;
    expect(segment).toMatchObject({ start: 4.6, end: 7.9, text: 'what your nation can do for you,' });
    expect(segment.words.map((w) => w.text)).toEqual(['what', 'your', 'nation', 'can', 'do', 'for', 'you,']);
    expect(segment.words[0]!.start).toBe(4.6);
    expect(segment.words.at(-1)!.end).toBe(7.9);
    expect(saved.body.text).toContain('what your nation can do for you');

    const read = await client.api.recordings.transcript({ params: { id } });
    expectStatus(read, 200);
    expect(read.body).toMatchObject({ version: 2, text: saved.body.text });
    expect(typeof read.body.editedAt).toBe('string');

    const txt = await client.api.recordings.export({
      params: { id },
      query: { format: 'txt', timestamps: 'false' },
    });
    expect(txt.text).toContain('what your nation can do for you');
    const srt = await client.api.recordings.export({ params: { id }, query: { format: 'srt' } });
    // Subtitle lines wrap, so compare the words.
    const cues = srt.text.replace(/\s+/g, ' ');
    expect(cues).toContain('what your nation can do for you');
    expect(cues).not.toContain('your country can do for you');

    const found = await client.api.recordings.list({ query: { q: 'nation' } });
    expectStatus(found, 200);
    expect(found.body.items).toEqual([
      expect.objectContaining({ id, matchedIn: ['transcript'], snippet: expect.stringContaining('nation') }),
    ]);
  });

  it('renames a speaker in every segment, in exports too', async () => {
    const id = await completedRecording(app, client);
    const saved = await client.api.recordings.editTranscript({
      params: { id },
      body: { version: 1, speakers: { SPEAKER_00: 'John F. Kennedy' } },
    });
    expectStatus(saved, 200);
    expect((saved.body.segments as Segment[]).map((s) => s.speaker)).toEqual([
      'John F. Kennedy',
      'SPEAKER_01',
      'John F. Kennedy',
    ]);
    const txt = await client.api.recordings.export({ params: { id }, query: { format: 'txt' } });
    expect(txt.text).toContain('John F. Kennedy');
    expect(txt.text).not.toContain('SPEAKER_00');
  });

  it('moves a line to another speaker, merges, splits and undoes, each a version the exports follow', async () => {
    const id = await completedRecording(app, client);
    const before = await client.api.recordings.transcript({ params: { id } });
    expectStatus(before, 200);
    const change = (version: number, body: object) =>
      client.api.recordings.restructureTranscript({
        params: { id },
        body: { version, change: unchecked(body) },
      });
    const speakers = (body: Record<string, unknown>) => (body.segments as Segment[]).map((s) => s.speaker);

    const moved = await change(1, {
      kind: 'assignSpeaker',
      from: { segment: 1, word: 0 },
      to: { segment: 1, word: 0 },
      speaker: 'Kennedy',
    });
    expectStatus(moved, 200);
    expect(moved.body.version).toBe(2);
    expect(speakers(moved.body)).toEqual(['SPEAKER_00', 'Kennedy', 'SPEAKER_01', 'SPEAKER_00']);
    const vtt = await client.api.recordings.export({ params: { id }, query: { format: 'vtt' } });
    expect(vtt.text).toContain('Kennedy');
    const json = await client.api.recordings.export({ params: { id }, query: { format: 'json' } });
    expect(json.text).toContain('"Kennedy"');
    // The file names no account: neither the owner's id nor the editor's.
    expect(json.text).not.toContain('editedById');

    const merged = await change(2, { kind: 'mergeWithPrevious', index: 2 });
    expectStatus(merged, 200);
    expect(speakers(merged.body)).toEqual(['SPEAKER_00', 'Kennedy', 'SPEAKER_00']);
    const split = await change(3, { kind: 'split', index: 0, word: 1 });
    expectStatus(split, 200);
    expect((split.body.segments as Segment[]).length).toBe(4);

    expect(bodyOf(await change(4, { kind: 'undo' }), 200).version).toBe(5);
    expect(bodyOf(await change(5, { kind: 'undo' }), 200).version).toBe(6);
    const back = await change(6, { kind: 'undo' });
    expectStatus(back, 200);
    expect(back.body.segments).toEqual(before.body.segments);
    expect(speakers(back.body)).toEqual(['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_00']);
    const nothing = await change(7, { kind: 'undo' });
    expectStatus(nothing, 409);
    expect(nothing.body.code).toBe('NOTHING_TO_UNDO');

    const stale = await change(1, { kind: 'mergeWithPrevious', index: 1 });
    expectStatus(stale, 409);
    expect(stale.body.code).toBe('TRANSCRIPT_VERSION_CONFLICT');
    const bad = await change(7, { kind: 'split', index: 9, word: 1 });
    expectStatus(bad, 400);
    expect(bad.body.message).toMatch(/Segment 9 does not exist/);
    const unknown = await change(7, { kind: 'shuffle' });
    expect(unknown.status).toBe(400);
  });

  it('answers 409 with the current version when another tab saved first', async () => {
    const id = await completedRecording(app, client);
    const first = await client.api.recordings.editTranscript({
      params: { id },
      body: { version: 1, segments: [{ index: 0, text: 'First tab' }] },
    });
    expect(first.status).toBe(200);
    const second = await client.api.recordings.editTranscript({
      params: { id },
      body: { version: 1, segments: [{ index: 0, text: 'Second tab' }] },
    });
    expectStatus(second, 409);
    expect(second.body).toMatchObject({
      code: 'TRANSCRIPT_VERSION_CONFLICT',
      details: { currentVersion: 2 },
    });
    expect(second.body.message).toMatch(/reload/i);
    expect(bodyOf(await client.api.recordings.transcript({ params: { id } }), 200).text).toContain(
      'First tab',
    );
  });

  it("answers 404 for someone else's recording and for unknown ids", async () => {
    const id = await completedRecording(app, client);
    const { client: stranger } = await signedInClient(app, { plan: 'business_pro' });
    const edit = { version: 1, segments: [{ index: 0, text: 'Not yours' }] };
    expect((await stranger.api.recordings.editTranscript({ params: { id }, body: edit })).status).toBe(404);
    expect((await stranger.api.recordings.transcript({ params: { id } })).status).toBe(404);
    expect(
      (await client.api.recordings.editTranscript({ params: { id: 'no-such-recording' }, body: edit }))
        .status,
    ).toBe(404);
    expect(bodyOf(await client.api.recordings.transcript({ params: { id } }), 200).version).toBe(1);
  });

  it('answers 400 with a clear message for bad edits', async () => {
    const id = await completedRecording(app, client);
    const refused = async (body: unknown, message: RegExp) => {
      const response = await client.api.recordings.editTranscript({ params: { id }, body: unchecked(body) });
      expectStatus(response, 400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.message).toMatch(message);
    };
    await refused({ segments: [{ index: 0, text: 'x' }] }, /version/);
    await refused({ version: 1, segments: [{ index: 0, text: '   ' }] }, /cannot be empty/);
    await refused({ version: 1, segments: [{ index: 0, text: 'a'.repeat(2001) }] }, /at most 2000/);
    await refused({ version: 1, segments: [{ index: 3, text: 'x' }] }, /Segment 3 does not exist/);
    await refused({ version: 1, speakers: { NOBODY: 'Alice' } }, /no speaker "NOBODY"/);
    await refused({ version: 1 }, /Nothing to change/);
    expect(bodyOf(await client.api.recordings.transcript({ params: { id } }), 200).version).toBe(1);
  });

  it('refuses a transcript that is not finished yet', async () => {
    const form = new FormData();
    form.set('file', new Blob([JFK]), 'jfk.wav');
    const queued = await client.api.recordings.create({ body: form });
    expectStatus(queued, 201);
    const response = await client.api.recordings.editTranscript({
      params: { id: queued.body.id as string },
      body: {
        version: 1,
        segments: [{ index: 0, text: 'Too early' }],
      },
    });
    expectStatus(response, 409);
    expect(response.body.code).toBe('RECORDING_STATE_CONFLICT');
  });

  it('is a Premium feature: the Free plan is told to upgrade (402) and the transcript stays as it was', async () => {
    const { client: free } = await signedInClient(app);
    const id = await completedRecording(app, free);
    const response = await free.api.recordings.editTranscript({
      params: { id },
      body: { version: 1, segments: [{ index: 0, text: 'Edited' }] },
    });
    expectStatus(response, 402);
    expect(response.body.code).toBe('PLAN_UPGRADE_REQUIRED');
    expect(response.body.message).toMatch(/Premium/);
    expect(bodyOf(await free.api.recordings.transcript({ params: { id } }), 200)).toMatchObject({
      version: 1,
    });
  });
});
