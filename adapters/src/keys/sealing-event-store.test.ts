import { ERASED_TEXT, type NewEvent } from '@scrivo/domain';
import { addressKeySubject } from '@scrivo/domain/accounts';
import { chatSessionKeySubject } from '@scrivo/domain/chat';
import { OWNER_NAMING_EVENTS, PERSONAL_DATA, type PersonalDataKey } from '@scrivo/domain/privacy';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../events/sqlite-event-store';
import { AesGcmCipher } from './aes-gcm-cipher';
import { SealingEventStore } from './sealing-event-store';
import { SqliteKeyStore } from './sqlite-key-store';

const dir = mkdtempSync(join(tmpdir(), 'scrivo-sealing-'));
const raw = new SqliteEventStore({ path: join(dir, 'events.db') });
const keys = new SqliteKeyStore({ path: join(dir, 'keys.db') });
const store = new SealingEventStore(raw, new AesGcmCipher(keys));
afterAll(async () => {
  await store.close();
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});

const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  type,
  data,
  schemaVersion: 1,
  metadata: {
    eventId: `${type}-${Math.random()}`,
    correlationId: 'c',
    causationId: null,
    actor: { kind: 'system', id: 'test' },
    occurredAt: '2026-11-24T09:00:00.000Z',
  },
});
const registered = (userId: string) =>
  event('UserRegistered', {
    userId,
    email: `${userId}@example.com`,
    passwordHash: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    industry: 'Education',
    hearAboutUs: null,
    language: 'en',
    plan: 'free',
    registeredAt: '2026-11-24T09:00:00.000Z',
  });

describe('SealingEventStore: personal data sealed in the events with the person key', () => {
  it('stores names, email and transcript text sealed, and reads them back opened', async () => {
    await store.append('user-u1', [registered('u1')], { expectedRevision: 'no_stream' });
    const stored = (await raw.readStream('user-u1'))[0]!.data as Record<string, string>;
    expect(stored.firstName).toMatch(/^sealed:v1:u1:/);
    expect(stored.email).toMatch(/^sealed:v1:u1:/);
    expect(stored.language).toBe('en');
    expect((await store.readStream('user-u1'))[0]!.data).toMatchObject({
      firstName: 'Ada',
      email: 'u1@example.com',
    });

    await store.append(
      'recording-r1',
      [
        event('RecordingCreated', { recordingId: 'r1', ownerId: 'u1', title: 'jfk' }),
        event('TranscriptionCompleted', {
          recordingId: 'r1',
          transcript: { text: 'ask not', segments: [{ id: 0, text: 'ask not', words: [{ text: 'ask' }] }] },
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    expect(JSON.stringify(await raw.readStream('recording-r1'))).not.toContain('ask');
    const [, completed] = await store.readStream('recording-r1');
    expect(completed!.data).toMatchObject({
      transcript: { text: 'ask not', segments: [{ text: 'ask not', words: [{ text: 'ask' }] }] },
    });
  });

  it('seals what is written from a transcript: summaries and translations, keeping their seconds', async () => {
    await store.append(
      'summary-r4',
      [
        event('SummaryRequested', { recordingId: 'r4', ownerId: 'u4', jobId: 'j', language: 'en' }),
        event('SummaryWritten', {
          recordingId: 'r4',
          content: {
            overview: 'Launch moves to March',
            keyPoints: [],
            decisions: [{ text: 'Launch in March', at: 13 }],
            actionItems: [{ owner: 'Ben', text: 'Press release', at: 27 }],
            chapters: [{ title: 'Launch', start: 0 }],
          },
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    await store.append(
      'translation-r4-de',
      [
        event('TranslationRequested', { recordingId: 'r4', ownerId: 'u4', target: 'de' }),
        event('TranslationCompleted', {
          recordingId: 'r4',
          segments: [{ start: 0, end: 2, text: 'Start im März' }],
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    const stored = JSON.stringify([
      ...(await raw.readStream('summary-r4')),
      ...(await raw.readStream('translation-r4-de')),
    ]);
    for (const secret of ['Launch', 'Ben', 'Press release', 'März']) expect(stored).not.toContain(secret);
    expect((await store.readStream('summary-r4'))[1]!.data).toMatchObject({
      content: { decisions: [{ text: 'Launch in March', at: 13 }], actionItems: [{ owner: 'Ben', at: 27 }] },
    });
    await keys.erase('u4');
    const [, written] = await store.readStream('summary-r4');
    expect(written!.data).toMatchObject({
      content: { overview: ERASED_TEXT, chapters: [{ title: ERASED_TEXT, start: 0 }] },
    });
    const [, translated] = await store.readStream('translation-r4-de');
    expect(translated!.data).toMatchObject({ segments: [{ start: 0, text: ERASED_TEXT }] });
  });

  it("seals the owner's comments on a transcript, and reads them as erased once the owner's key is gone", async () => {
    await store.append(
      'recording-r5',
      [
        event('RecordingCreated', { recordingId: 'r5', ownerId: 'u5', title: 'call' }),
        event('TranscriptAnnotated', {
          recordingId: 'r5',
          annotationId: 'a1',
          kind: 'comment',
          start: 1,
          end: 2.5,
          comment: 'Ask Ben about the budget',
          authorId: 'u5',
        }),
        event('TranscriptAnnotationEdited', { recordingId: 'r5', annotationId: 'a1', comment: 'Ben agreed' }),
        event('TranscriptAnnotated', {
          recordingId: 'r5',
          annotationId: 'a2',
          kind: 'highlight',
          start: 3,
          end: 4,
          comment: null,
          authorId: 'u5',
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    expect(JSON.stringify(await raw.readStream('recording-r5'))).not.toContain('Ben');
    const [, commented, edited, highlighted] = await store.readStream('recording-r5');
    expect(commented!.data).toMatchObject({ comment: 'Ask Ben about the budget', start: 1, end: 2.5 });
    expect(edited!.data).toMatchObject({ comment: 'Ben agreed' });
    expect(highlighted!.data).toMatchObject({ comment: null });
    await keys.erase('u5');
    const [, erased] = await store.readStream('recording-r5');
    expect(erased!.data).toMatchObject({ comment: ERASED_TEXT, start: 1 });
  });

  it('opens a long recording with one key look-up per read, not one per word; a check may leave it sealed', async () => {
    let lookUps = 0;
    const counting = new SealingEventStore(
      raw,
      new AesGcmCipher({
        keyFor: (subject) => keys.keyFor(subject),
        find: (subject) => {
          lookUps += 1;
          return keys.find(subject);
        },
        erase: (subject) => keys.erase(subject),
        erasedAt: (subject) => keys.erasedAt(subject),
        close: async () => undefined,
      }),
    );
    const words = Array.from({ length: 200 }, (_, i) => ({ text: ` word${i}`, start: i, end: i + 0.5 }));
    await counting.append(
      'recording-r9',
      [
        event('RecordingCreated', { recordingId: 'r9', ownerId: 'u9', title: 'meeting' }),
        ...[0, 1, 2].map((index) =>
          event('TranscriptPieceTranscribed', {
            recordingId: 'r9',
            index,
            segments: [{ id: 0, text: ' many words', speaker: 'SPEAKER_00', words }],
          }),
        ),
      ],
      { expectedRevision: 'no_stream' },
    );
    lookUps = 0;
    const read = await counting.readStream('recording-r9');
    expect(lookUps).toBe(1);
    expect(read[3]!.data).toMatchObject({
      index: 2,
      segments: [{ text: ' many words', speaker: 'SPEAKER_00', words: words.map((w) => ({ ...w })) }],
    });
    expect(read[0]!.data).toMatchObject({ title: 'meeting' });
    const sealed = await counting.readStream('recording-r9', { keepSealed: true });
    expect(lookUps).toBe(1);
    expect(JSON.stringify(sealed)).not.toContain('word1');
    expect(sealed[1]!.data).toMatchObject({
      index: 0,
      segments: [{ text: expect.stringMatching(/^sealed:v1:u9:/) }],
    });
  });

  it('reads events stored before sealing (the old shape) as they are', async () => {
    const old = registered('u2');
    await raw.append('user-u2', [old], { expectedRevision: 'no_stream' });
    expect((await store.readStream('user-u2'))[0]!.data).toEqual(old.data);
    expect((await store.readAll()).find((e) => e.streamId === 'user-u2')!.data).toEqual(old.data);
  });

  it('reads "[erased]" where the data was once the person key is erased; others stay readable', async () => {
    await store.append('user-u3', [registered('u3')], { expectedRevision: 'no_stream' });
    await keys.erase('u1');
    expect((await store.readStream('user-u1'))[0]!.data).toMatchObject({
      firstName: ERASED_TEXT,
      email: ERASED_TEXT,
      language: 'en',
    });
    const [, completed] = await store.readStream('recording-r1');
    expect(JSON.stringify(completed!.data)).not.toContain('ask');
    expect((await store.readStream('user-u3'))[0]!.data).toMatchObject({ firstName: 'Ada' });
  });

  it("seals an address in its own streams' events with the address key, and a new one after an erasure", async () => {
    const hex = 'a'.repeat(64);
    const claim = `user-email-h-${hex}`;
    await store.append(
      claim,
      [event('EmailClaimed', { email: 'ada@example.com', ownerId: 'u5', at: 'now' })],
      {
        expectedRevision: 'no_stream',
      },
    );
    const stored = (await raw.readStream(claim))[0]!.data as Record<string, string>;
    expect(stored.email).toMatch(new RegExp(`^sealed:v1:${addressKeySubject(hex)}:`));
    expect(stored.ownerId).toBe('u5');
    expect((await store.readStream(claim))[0]!.data).toMatchObject({ email: 'ada@example.com' });

    // The account is erased with its address key; the address signs up again: sealed under the next generation.
    await keys.erase(addressKeySubject(hex));
    await store.append(
      claim,
      [event('EmailClaimed', { email: 'ada@example.com', ownerId: 'u6', at: 'later' })],
      {
        expectedRevision: 'any',
      },
    );
    const [before, after] = await store.readStream(claim);
    expect(before!.data).toMatchObject({ email: ERASED_TEXT, ownerId: 'u5' });
    expect(after!.data).toMatchObject({ email: 'ada@example.com', ownerId: 'u6' });
    expect(((await raw.readStream(claim))[1]!.data as Record<string, string>).email).toMatch(
      new RegExp(`^sealed:v1:${addressKeySubject(hex, 2)}:`),
    );
  });
});

/** A value holding `marker` at `path` (PERSONAL_DATA's syntax), as an event of that shape would. */
const planted = (path: string, marker: string): Record<string, unknown> => {
  const [step, ...rest] = path.split('.');
  const inner = (): unknown => (rest.length === 0 ? marker : planted(rest.join('.'), marker));
  if (step!.endsWith('**')) return { [step!.slice(0, -2)]: { deep: [{ text: marker }] } };
  if (step!.endsWith('{}')) return { [step!.slice(0, -2)]: { [marker]: marker } };
  if (step!.endsWith('[]')) return { [step!.slice(0, -2)]: [inner()] };
  return { [step!]: inner() };
};

/** Deep merge of planted paths into one event's data. */
const merged = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const existing = out[k];
    if (Array.isArray(existing) && Array.isArray(v))
      out[k] = existing.map((item, i) =>
        merged(item as Record<string, unknown>, (v[i] ?? {}) as Record<string, unknown>),
      );
    else if (existing && typeof existing === 'object' && v && typeof v === 'object')
      out[k] = merged(existing as Record<string, unknown>, v as Record<string, unknown>);
    else out[k] = v;
  }
  return out;
};

describe('SealingEventStore: every place PERSONAL_DATA names is sealed, and reads "[erased]" once its key is gone', () => {
  /** Each address case on its own address: erasing one key must not touch the next case. */
  const addressKeyOf = (type: string) => createHash('sha256').update(type).digest('hex');
  /** The stream and the key subject each kind of key seals with. */
  const placeOf = (key: PersonalDataKey, type: string) => {
    switch (key) {
      case 'owner':
        return { streamId: `recording-of-${type}`, subject: `owner-${type}` };
      case 'user':
        return { streamId: `things-of-${type}`, subject: `person-${type}` };
      case 'chat':
        return { streamId: `chat-session-chat-${type}`, subject: chatSessionKeySubject(`chat-${type}`) };
      case 'address':
        return {
          streamId: `user-email-h-${addressKeyOf(type)}`,
          subject: addressKeySubject(addressKeyOf(type), 1),
        };
      case 'invitee':
        return { streamId: `workspace-of-${type}`, subject: addressKeySubject(addressKeyOf(type), 1) };
    }
  };

  it.each(Object.entries(PERSONAL_DATA))('%s', async (type, { key, paths }) => {
    const marker = `marker${type}`;
    const { streamId, subject } = placeOf(key, type);
    const data = paths.reduce(
      (d, path) => merged(d, planted(path, `${marker}${paths.indexOf(path)}`)),
      key === 'user' ? { userId: subject } : key === 'invitee' ? { addressKey: addressKeyOf(type) } : {},
    );
    const batch =
      key === 'owner' && !OWNER_NAMING_EVENTS.has(type)
        ? [event('RecordingCreated', { recordingId: 'r', ownerId: subject, title: 't' })]
        : [];
    const own = OWNER_NAMING_EVENTS.has(type) ? { ownerId: subject } : {};
    await store.append(streamId, [...batch, event(type, { ...data, ...own })], { expectedRevision: 'any' });

    const stored = JSON.stringify((await raw.readStream(streamId)).map((e) => e.data));
    expect(stored).not.toContain(marker);
    const read = JSON.stringify((await store.readStream(streamId)).map((e) => e.data));
    paths.forEach((_, i) => expect(read, paths[i]).toContain(`${marker}${i}`));

    await keys.erase(subject);
    const erased = JSON.stringify((await store.readStream(streamId)).map((e) => e.data));
    expect(erased).not.toContain(marker);
    expect(erased).toContain(ERASED_TEXT);
  });
});
