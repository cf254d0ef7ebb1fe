import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../kernel/events';
import type { Doc } from '../../ports/read-model-store';
import type { ProjectionContext } from '../../projections/projection';
import type { ChatSessionEvent } from '../events';
import { CHAT_MESSAGES, CHAT_SESSIONS, type ChatMessageDoc, type ChatSessionDoc } from './chat-read-models';
import { chatSessionsProjection } from './chat-sessions.projection';

const at = '2026-03-01T10:00:00.000Z';
const sessionId = 's-1';

/** The projection's documents in memory: handlers see their own writes, as the runner's batches do. */
const memory = () => {
  const collections = new Map<string, Map<string, Doc>>();
  const of = (name: string) => collections.get(name) ?? collections.set(name, new Map()).get(name)!;
  const ctx: ProjectionContext = {
    get: async <T extends Doc>(c: string, id: string) => (of(c).get(id) as T | undefined) ?? null,
    find: async <T extends Doc>(c: string) => [...of(c).values()] as T[],
    upsert: (c, doc) => void of(c).set(doc.id, doc),
    delete: (c, id) => void of(c).delete(id),
  };
  let position = 0;
  const apply = async (...events: ChatSessionEvent[]) => {
    for (const e of events) {
      const recorded: RecordedEvent = {
        streamId: `chat-session-${sessionId}`,
        type: e.type,
        schemaVersion: 1,
        data: e.data,
        metadata: {
          eventId: `e-${position}`,
          correlationId: 'c',
          causationId: null,
          actor: { kind: 'system', id: 't' },
          occurredAt: at,
        },
        streamRevision: position,
        globalPosition: position++,
      };
      await chatSessionsProjection.handle(recorded, ctx);
    }
  };
  return {
    apply,
    session: () => of(CHAT_SESSIONS).get(sessionId) as ChatSessionDoc,
    messages: () => [...of(CHAT_MESSAGES).values()] as ChatMessageDoc[],
  };
};

const started: ChatSessionEvent = {
  type: 'ChatSessionStarted',
  data: {
    sessionId,
    siteKey: 'scrivo-app',
    contextPage: '/pricing',
    visitorId: 'v',
    userId: null,
    email: null,
    startedAt: at,
  },
};
const said = (messageId: string, content: string): ChatSessionEvent => ({
  type: 'ChatMessagePosted',
  data: {
    sessionId,
    messageId,
    role: 'user',
    content,
    confidenceScore: null,
    needsHumanReview: false,
    sources: [],
    postedAt: at,
  },
});

describe('the chat-sessions projection', () => {
  it('numbers messages, counts unread visitor messages and keeps the last one for the list', async () => {
    const m = memory();
    await m.apply(started, said('m1', 'Hello'), said('m2', 'Anyone there about INVOICES?'));
    expect(m.session()).toMatchObject({
      messageCount: 2,
      unreadCount: 2,
      lastMessage: 'Anyone there about INVOICES?',
    });
    expect(m.messages().map((x) => x.seq)).toEqual([1, 2]);
    expect(m.session().searchText).toContain('invoices');
  });

  it('clears the unread count when an admin reads or replies, and follows the status', async () => {
    const m = memory();
    await m.apply(started, said('m1', 'Hello'), {
      type: 'ChatEscalated',
      data: { sessionId, reason: 'requested_human', at },
    });
    expect(m.session()).toMatchObject({
      status: 'escalated',
      escalationReason: 'requested_human',
      unreadCount: 1,
    });
    await m.apply({ type: 'ChatReadByAdmin', data: { sessionId, adminId: 'a', upToSeq: 1, at } });
    expect(m.session().unreadCount).toBe(0);
    await m.apply(said('m2', 'Still there?'), {
      type: 'ChatAdminReplied',
      data: { sessionId, messageId: 'm3', adminId: 'a', content: 'Yes!', postedAt: at },
    });
    expect(m.session()).toMatchObject({ unreadCount: 0, messageCount: 3, lastMessage: 'Yes!' });
    await m.apply(
      { type: 'ChatResolved', data: { sessionId, adminId: 'a', at } },
      { type: 'ChatRated', data: { sessionId, rating: 4, at } },
    );
    expect(m.session()).toMatchObject({ status: 'resolved', rating: 4 });
    await m.apply({ type: 'ChatReopened', data: { sessionId, at } });
    expect(m.session()).toMatchObject({ status: 'active', escalationReason: null, rating: null });
  });

  it('is idempotent: replaying a message changes nothing', async () => {
    const m = memory();
    await m.apply(started, said('m1', 'Hello'));
    const before = { ...m.session() };
    await m.apply(started, said('m1', 'Hello'));
    expect(m.session()).toEqual(before);
    expect(m.messages()).toHaveLength(1);
  });
});
