import { describe, it } from 'vitest';
import type { ChatSessionEvent } from '../events';
import {
  spec,
  at,
  sessionId,
  started,
  visitorSaid,
  escalated,
  resolved,
  closed,
  reopened,
  adminReplied,
} from './decider.fixtures';

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
