import { describe, it } from 'vitest';
import { DeciderSpecification } from '../../testing';
import { chatSessionDecider } from './decider';
import type { ChatSessionEvent } from '../events';
import { HANDOVER_MESSAGE, MAX_MESSAGE_LENGTH } from '../rules';

const spec = DeciderSpecification.for(chatSessionDecider);
const at = '2026-03-01T10:00:00.000Z';
const sessionId = 's-1';

const started: ChatSessionEvent = {
  type: 'ChatSessionStarted',
  data: {
    sessionId,
    siteKey: 'scrivo-app',
    contextPage: '/pricing',
    visitorId: 'v-1',
    userId: null,
    email: null,
    startedAt: at,
  },
};
const visitorSaid = (content: string, messageId = 'm-1'): ChatSessionEvent => ({
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
const escalated = (reason: 'requested_human' | 'low_confidence' | 'repeated_question'): ChatSessionEvent => ({
  type: 'ChatEscalated',
  data: { sessionId, reason, at },
});
const resolved: ChatSessionEvent = { type: 'ChatResolved', data: { sessionId, adminId: 'a-1', at } };
const closed: ChatSessionEvent = { type: 'ChatClosed', data: { sessionId, adminId: 'a-1', at } };
const reopened: ChatSessionEvent = { type: 'ChatReopened', data: { sessionId, at } };
const adminReplied = (content: string, messageId = 'm-9'): ChatSessionEvent => ({
  type: 'ChatAdminReplied',
  data: { sessionId, messageId, adminId: 'a-1', content, postedAt: at },
});

describe('starting a chat', () => {
  it('records the site, the page and an anonymous visitor', () =>
    spec
      .given([])
      .when({
        type: 'StartChat',
        sessionId,
        siteKey: 'scrivo-app',
        contextPage: '  /pricing ',
        visitorId: 'v-1',
        identity: null,
        at,
      })
      .then([started]));

  it('records a verified identity', () =>
    spec
      .given([])
      .when({
        type: 'StartChat',
        sessionId,
        siteKey: 'scrivo-app',
        contextPage: '/pricing',
        visitorId: 'v-1',
        identity: { userId: 'u-1', email: 'ada@example.com' },
        at,
      })
      .then([
        {
          ...started,
          data: { ...started.data, userId: 'u-1', email: 'ada@example.com' },
        } as ChatSessionEvent,
      ]));

  it('refuses to start the same chat twice', () =>
    spec
      .given([started])
      .when({
        type: 'StartChat',
        sessionId,
        siteKey: 'scrivo-app',
        contextPage: '/',
        visitorId: 'v-1',
        identity: null,
        at,
      })
      .thenThrows({ code: 'CHAT_EXISTS' }));

  it('answers not found for any command on a chat that never started', () =>
    spec
      .given([])
      .when({ type: 'PostVisitorMessage', messageId: 'm-1', content: 'hi', at })
      .thenThrows({ code: 'NOT_FOUND' }));
});

describe('identity and context', () => {
  it('attaches a verified user to an anonymous chat', () =>
    spec
      .given([started])
      .when({ type: 'IdentifyVisitor', userId: 'u-1', email: 'ada@example.com', at })
      .then([
        { type: 'ChatVisitorIdentified', data: { sessionId, userId: 'u-1', email: 'ada@example.com', at } },
      ]));

  it('does nothing when the same user identifies again', () =>
    spec
      .given([
        started,
        { type: 'ChatVisitorIdentified', data: { sessionId, userId: 'u-1', email: null, at } },
      ])
      .when({ type: 'IdentifyVisitor', userId: 'u-1', email: null, at })
      .thenNothingHappens());

  it("refuses to hand one user's chat to another user", () =>
    spec
      .given([
        started,
        { type: 'ChatVisitorIdentified', data: { sessionId, userId: 'u-1', email: null, at } },
      ])
      .when({ type: 'IdentifyVisitor', userId: 'u-2', email: null, at })
      .thenThrows({ code: 'IDENTITY_CONFLICT' }));

  it('follows the visitor to another page', () =>
    spec
      .given([started])
      .when({ type: 'ChangeContextPage', contextPage: '/help', at })
      .then([{ type: 'ChatContextPageChanged', data: { sessionId, contextPage: '/help', at } }]));
});

describe('a visitor writes', () => {
  it('posts the trimmed message as the user', () =>
    spec
      .given([started])
      .when({ type: 'PostVisitorMessage', messageId: 'm-1', content: '  How much is Premium? ', at })
      .then([visitorSaid('How much is Premium?')]));

  it('refuses an empty message', () =>
    spec
      .given([started])
      .when({ type: 'PostVisitorMessage', messageId: 'm-1', content: '   ', at })
      .thenThrows({ code: 'MESSAGE_EMPTY' }));

  it(`refuses a message longer than ${MAX_MESSAGE_LENGTH} characters`, () =>
    spec
      .given([started])
      .when({ type: 'PostVisitorMessage', messageId: 'm-1', content: 'a'.repeat(MAX_MESSAGE_LENGTH + 1), at })
      .thenThrows({ code: 'MESSAGE_TOO_LONG' }));

  it('keeps markup as plain text (escaping is the renderer’s job)', () =>
    spec
      .given([started])
      .when({ type: 'PostVisitorMessage', messageId: 'm-1', content: '<script>alert(1)</script>', at })
      .then([visitorSaid('<script>alert(1)</script>')]));
});

describe('escalation rules', () => {
  it('escalates when the visitor asks for a person in their own words', () =>
    spec
      .given([started])
      .when({
        type: 'PostVisitorMessage',
        messageId: 'm-1',
        content: 'Can I talk to a real person please?',
        at,
      })
      .then([visitorSaid('Can I talk to a real person please?'), escalated('requested_human')]));

  it("escalates when the visitor presses 'Talk to a person'", () =>
    spec
      .given([started])
      .when({ type: 'RequestHuman', at })
      .then([escalated('requested_human')]));

  it('escalates when the same question is asked twice (ignoring case and punctuation)', () =>
    spec
      .given([started, visitorSaid('How do I export to SRT?')])
      .when({ type: 'PostVisitorMessage', messageId: 'm-2', content: 'how do i export to srt', at })
      .then([visitorSaid('how do i export to srt', 'm-2'), escalated('repeated_question')]));

  it('posts the handover text instead of an answer the assistant is unsure of, and escalates', () =>
    spec
      .given([started, visitorSaid('What is the weather in Paris?')])
      .when({
        type: 'RecordAssistantAnswer',
        messageId: 'm-2',
        content: 'Maybe sunny',
        confidenceScore: 0.12,
        sources: [{ slug: 'x', title: 'X' }],
        threshold: 0.5,
        at,
      })
      .then([
        {
          type: 'ChatMessagePosted',
          data: {
            sessionId,
            messageId: 'm-2',
            role: 'assistant',
            content: HANDOVER_MESSAGE,
            confidenceScore: 0.12,
            needsHumanReview: true,
            sources: [],
            postedAt: at,
          },
        },
        escalated('low_confidence'),
      ]));

  it('posts a confident answer with its score and sources, without escalating', () =>
    spec
      .given([started, visitorSaid('How much is Premium?')])
      .when({
        type: 'RecordAssistantAnswer',
        messageId: 'm-2',
        content: 'Premium is $9.99 per month.',
        confidenceScore: 0.83,
        sources: [{ slug: 'plans-and-minutes', title: 'Plans' }],
        threshold: 0.5,
        at,
      })
      .then([
        {
          type: 'ChatMessagePosted',
          data: {
            sessionId,
            messageId: 'm-2',
            role: 'assistant',
            content: 'Premium is $9.99 per month.',
            confidenceScore: 0.83,
            needsHumanReview: false,
            sources: [{ slug: 'plans-and-minutes', title: 'Plans' }],
            postedAt: at,
          },
        },
      ]));

  it('drops the assistant’s answer once a person has taken over', () =>
    spec
      .given([started, visitorSaid('help'), escalated('requested_human')])
      .when({
        type: 'RecordAssistantAnswer',
        messageId: 'm-2',
        content: 'x',
        confidenceScore: 0.9,
        sources: [],
        threshold: 0.5,
        at,
      })
      .thenNothingHappens());

  it('does not escalate an escalated chat again', () =>
    spec
      .given([started, visitorSaid('help me'), escalated('low_confidence')])
      .when({ type: 'PostVisitorMessage', messageId: 'm-2', content: 'help me', at })
      .then([visitorSaid('help me', 'm-2')]));
});

describe('admins reply, resolve and close', () => {
  it('records an admin reply', () =>
    spec
      .given([started, visitorSaid('hi'), escalated('requested_human')])
      .when({
        type: 'AdminRespond',
        messageId: 'm-9',
        adminId: 'a-1',
        content: 'Hello, Ada here.',
        markResolved: false,
        at,
      })
      .then([adminReplied('Hello, Ada here.')]));

  it("'Send & Resolve' replies and resolves", () =>
    spec
      .given([started, visitorSaid('hi'), escalated('requested_human')])
      .when({
        type: 'AdminRespond',
        messageId: 'm-9',
        adminId: 'a-1',
        content: 'Done!',
        markResolved: true,
        at,
      })
      .then([adminReplied('Done!'), resolved]));

  it('refuses a blank reply', () =>
    spec
      .given([started])
      .when({ type: 'AdminRespond', messageId: 'm-9', adminId: 'a-1', content: ' ', markResolved: true, at })
      .thenThrows({ code: 'MESSAGE_EMPTY' }));

  it("'Close Chat' ends the conversation as resolved", () =>
    spec
      .given([started, visitorSaid('hi')])
      .when({ type: 'CloseChat', adminId: 'a-1', at })
      .then([closed]));

  it('closing a resolved chat changes nothing', () =>
    spec.given([started, resolved]).when({ type: 'CloseChat', adminId: 'a-1', at }).thenNothingHappens());

  it('marks visitor messages as read when an admin opens the chat, once', () => {
    spec
      .given([started, visitorSaid('hi'), visitorSaid('anyone?', 'm-2')])
      .when({ type: 'MarkReadByAdmin', adminId: 'a-1', at })
      .then([{ type: 'ChatReadByAdmin', data: { sessionId, adminId: 'a-1', upToSeq: 2, at } }]);
    spec
      .given([
        started,
        visitorSaid('hi'),
        { type: 'ChatReadByAdmin', data: { sessionId, adminId: 'a-1', upToSeq: 1, at } },
      ])
      .when({ type: 'MarkReadByAdmin', adminId: 'a-1', at })
      .thenNothingHappens();
  });
});

describe('after resolution', () => {
  it('reopens the chat when the visitor writes again', () =>
    spec
      .given([started, visitorSaid('hi'), resolved])
      .when({ type: 'PostVisitorMessage', messageId: 'm-3', content: 'one more thing', at })
      .then([reopened, visitorSaid('one more thing', 'm-3')]));

  it("reopens and escalates when the visitor presses 'Talk to a person'", () =>
    spec
      .given([started, closed])
      .when({ type: 'RequestHuman', at })
      .then([reopened, escalated('requested_human')]));

  it('accepts a satisfaction rating from 1 to 5', () =>
    spec
      .given([started, resolved])
      .when({ type: 'RateChat', rating: 5, at })
      .then([{ type: 'ChatRated', data: { sessionId, rating: 5, at } }]));

  it('refuses a rating outside 1..5 or not a whole number', () => {
    spec
      .given([started, resolved])
      .when({ type: 'RateChat', rating: 6, at })
      .thenThrows({ code: 'INVALID_RATING' });
    spec
      .given([started, resolved])
      .when({ type: 'RateChat', rating: 2.5, at })
      .thenThrows({ code: 'INVALID_RATING' });
  });

  it('refuses a rating before resolution', () =>
    spec
      .given([started])
      .when({ type: 'RateChat', rating: 4, at })
      .thenThrows({ code: 'RATING_NOT_ALLOWED' }));

  it('accepts one rating per resolution', () => {
    const rated: ChatSessionEvent = { type: 'ChatRated', data: { sessionId, rating: 4, at } };
    spec
      .given([started, resolved, rated])
      .when({ type: 'RateChat', rating: 5, at })
      .thenThrows({ code: 'ALREADY_RATED' });
    spec
      .given([started, resolved, rated, reopened, visitorSaid('again'), resolved])
      .when({ type: 'RateChat', rating: 2, at })
      .then([{ type: 'ChatRated', data: { sessionId, rating: 2, at } }]);
  });
});

describe('offline fallback', () => {
  it('records the email an anonymous visitor leaves', () =>
    spec
      .given([started])
      .when({ type: 'LeaveContactEmail', email: ' Ada@Example.com ', at })
      .then([{ type: 'ChatContactEmailLeft', data: { sessionId, email: 'ada@example.com', at } }]));

  it('refuses something that is not an email', () =>
    spec
      .given([started])
      .when({ type: 'LeaveContactEmail', email: 'not-an-email', at })
      .thenThrows({ code: 'INVALID_EMAIL' }));
});

describe('erasure (the identified visitor deleted their account)', () => {
  const erased: ChatSessionEvent = { type: 'ChatSessionErased', data: { sessionId, at } };

  it('erases the conversation once; erasing again decides nothing', () => {
    spec
      .given([started, visitorSaid('hello')])
      .when({ type: 'EraseChatSession', at })
      .then([erased]);
    spec.given([started, erased]).when({ type: 'EraseChatSession', at }).thenNothingHappens();
  });

  it('takes nothing more in an erased conversation: it is not found', () =>
    spec
      .given([started, visitorSaid('hello'), erased])
      .when({ type: 'PostVisitorMessage', messageId: 'm-2', content: 'anyone?', at })
      .thenThrows({ code: 'NOT_FOUND' }));
});
