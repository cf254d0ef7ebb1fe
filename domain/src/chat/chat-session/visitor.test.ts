import { describe, it } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '../rules';
import type { ChatSessionEvent } from '../events';
import { spec, at, sessionId, started, visitorSaid } from './decider.fixtures';

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
