import { AnnotationList } from '@scrivo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { completedRecording } from './support/completed-recording';
import { expectStatus } from '../support/expect-status';

describe('highlights and comments on a transcript (/api/recordings/{id}/annotations)', () => {
  let app: TestApp;
  let client: TestClient;
  let id: string;
  beforeAll(async () => {
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    ({ client } = await signedInClient(app, { plan: 'premium' }));
    id = await completedRecording(app, client);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The notes an answer holds, checked against the contract's shape. */
  const notesOf = (response: { body: unknown }) => AnnotationList.parse(response.body).annotations;

  it('adds a highlight and a comment, edits and deletes the comment, and keeps them through a transcript edit', async () => {
    const highlighted = await client.api.recordings.addAnnotation({
      params: { id },
      body: { kind: 'highlight', start: 0, end: 4.6 },
    });
    expectStatus(highlighted, 201);
    const commented = await client.api.recordings.addAnnotation({
      params: { id },
      body: {
        kind: 'comment',
        start: 4.6,
        end: 7.9,
        comment: '  Quote this in the article  ',
      },
    });
    expectStatus(commented, 201);
    expect(commented.body.annotations).toEqual([
      expect.objectContaining({ kind: 'highlight', start: 0, end: 4.6, comment: null }),
      expect.objectContaining({
        kind: 'comment',
        start: 4.6,
        end: 7.9,
        comment: 'Quote this in the article',
        author: expect.objectContaining({ name: 'Test User' }),
        editedAt: null,
      }),
    ]);
    const commentId = notesOf(commented)[1]!.id;

    const edited = await client.api.recordings.editAnnotation({
      params: { id, annotationId: commentId },
      body: { comment: 'Use this quote' },
    });
    expectStatus(edited, 200);
    expect(notesOf(edited)[1]).toMatchObject({
      comment: 'Use this quote',
      editedAt: expect.any(String),
    });

    // Notes hold on to their times: a correction of the words under them leaves them where they were.
    const corrected = await client.api.recordings.editTranscript({
      params: { id },
      body: {
        version: 1,
        segments: [{ index: 1, text: 'what your nation can do for you,' }],
      },
    });
    expectStatus(corrected, 200);
    const read = await client.api.recordings.annotations({ params: { id } });
    expect(notesOf(read).map((a) => a.comment)).toEqual([null, 'Use this quote']);

    const removed = await client.api.recordings.removeAnnotation({ params: { id, annotationId: commentId } });
    expectStatus(removed, 200);
    expect(removed.body.annotations).toHaveLength(1);
    const again = await client.api.recordings.removeAnnotation({ params: { id, annotationId: commentId } });
    expect(again.status).toBe(404);
  });

  it('refuses an empty comment, one over 2,000 characters and a passage outside the transcript, with a clear 400', async () => {
    const empty = await client.api.recordings.addAnnotation({
      params: { id },
      body: { kind: 'comment', start: 1, end: 2, comment: '   ' },
    });
    expectStatus(empty, 400);
    expect(empty.body.message).toMatch(/comment cannot be empty/i);
    const long = await client.api.recordings.addAnnotation({
      params: { id },
      body: { kind: 'comment', start: 1, end: 2, comment: 'x'.repeat(2001) },
    });
    expectStatus(long, 400);
    expect(long.body.message).toMatch(/at most 2000 characters/i);
    const outside = await client.api.recordings.addAnnotation({
      params: { id },
      body: { kind: 'highlight', start: 5, end: 120 },
    });
    expectStatus(outside, 400);
    expect(outside.body.message).toMatch(/inside the transcript/i);
  });

  it("hides them from another user: their every call on this recording's notes is a 404", async () => {
    const { client: other } = await signedInClient(app);
    const listed = await client.api.recordings.annotations({ params: { id } });
    const noteId = notesOf(listed)[0]!.id;
    expect((await other.api.recordings.annotations({ params: { id } })).status).toBe(404);
    expect(
      (
        await other.api.recordings.addAnnotation({
          params: { id },
          body: { kind: 'highlight', start: 0, end: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await other.api.recordings.editAnnotation({
          params: { id, annotationId: noteId },
          body: { comment: 'mine' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await other.api.recordings.removeAnnotation({ params: { id, annotationId: noteId } })).status,
    ).toBe(404);
  });

  it('puts them in TXT and JSON exports only when asked, and never in subtitles', async () => {
    await client.api.recordings.addAnnotation({
      params: { id },
      body: { kind: 'comment', start: 7.9, end: 11, comment: 'Closing line' },
    });
    const plain = await client.api.recordings.export({ params: { id }, query: { format: 'txt' } });
    expect(plain.text).not.toContain('Closing line');
    const txt = await client.api.recordings.export({
      params: { id },
      query: { format: 'txt', annotations: 'true' },
    });
    expectStatus(txt, 200);
    expect(txt.text).toContain('Highlight [00:00:00–00:00:04]: “And so my fellow Americans, ask not”');
    expect(txt.text).toMatch(
      /Comment by Test User \(.+\) \[00:00:07–00:00:11\] on “ask what you can do for your country\.”: Closing line/,
    );
    const json = await client.api.recordings.export({
      params: { id },
      query: { format: 'json', annotations: 'true' },
    });
    expect(JSON.parse(json.text).annotations).toEqual([
      expect.objectContaining({ kind: 'highlight' }),
      expect.objectContaining({ kind: 'comment', comment: 'Closing line', authorName: 'Test User' }),
    ]);
    const srt = await client.api.recordings.export({
      params: { id },
      query: { format: 'srt', annotations: 'true' },
    });
    expect(srt.text).not.toContain('Closing line');
    const pdf = await client.api.recordings.export({
      params: { id },
      query: { format: 'pdf', annotations: 'true' },
    });
    expectStatus(pdf, 200);
    const docx = await client.api.recordings.export({
      params: { id },
      query: { format: 'docx', annotations: 'true' },
    });
    expectStatus(docx, 200);
  });
});
