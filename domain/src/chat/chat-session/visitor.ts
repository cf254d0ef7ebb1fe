import { DomainError } from '../../kernel/errors';
import type { ChatSessionEvent } from '../events';
import { asksForHuman, isEmail, normalizeQuestion } from '../rules';
import type { ChatSessionCommandOf } from './commands';
import { contextPage, escalate, messageText } from './messages';
import type { ChatSessionState, OpenChat } from './state';

export const startChat = (
  command: ChatSessionCommandOf<'StartChat'>,
  state: ChatSessionState,
): ChatSessionEvent[] => {
  if (state.started) throw new DomainError('CHAT_EXISTS', 'This chat has already started.');
  return [
    {
      type: 'ChatSessionStarted',
      data: {
        sessionId: command.sessionId,
        siteKey: command.siteKey,
        contextPage: contextPage(command.contextPage),
        visitorId: command.visitorId,
        userId: command.identity?.userId ?? null,
        email: command.identity?.email ?? null,
        startedAt: command.at,
      },
    },
  ];
};

export const identifyVisitor = (
  command: ChatSessionCommandOf<'IdentifyVisitor'>,
  chat: OpenChat,
): ChatSessionEvent[] => {
  if (chat.userId === command.userId) return [];
  if (chat.userId !== null)
    throw new DomainError('IDENTITY_CONFLICT', 'This chat belongs to another signed-in user.');
  return [
    {
      type: 'ChatVisitorIdentified',
      data: { sessionId: chat.sessionId, userId: command.userId, email: command.email, at: command.at },
    },
  ];
};

export const changeContextPage = (
  command: ChatSessionCommandOf<'ChangeContextPage'>,
  chat: OpenChat,
): ChatSessionEvent[] => [
  {
    type: 'ChatContextPageChanged',
    data: { sessionId: chat.sessionId, contextPage: contextPage(command.contextPage), at: command.at },
  },
];

/**
 * A visitor writing after resolution reopens the conversation; asking for a person, or repeating a question, hands
 * it to one.
 */
export const postVisitorMessage = (
  command: ChatSessionCommandOf<'PostVisitorMessage'>,
  chat: OpenChat,
): ChatSessionEvent[] => {
  const { sessionId } = chat;
  const content = messageText(command.content);
  const events: ChatSessionEvent[] = [];
  let current: OpenChat = chat;
  if (chat.status === 'resolved') {
    events.push({ type: 'ChatReopened', data: { sessionId, at: command.at } });
    current = { ...chat, status: 'active' };
  }
  events.push({
    type: 'ChatMessagePosted',
    data: {
      sessionId,
      messageId: command.messageId,
      role: 'user',
      content,
      confidenceScore: null,
      needsHumanReview: false,
      sources: [],
      postedAt: command.at,
    },
  });
  if (asksForHuman(content)) events.push(...escalate(current, sessionId, 'requested_human', command.at));
  else if (chat.questions.includes(normalizeQuestion(content)))
    events.push(...escalate(current, sessionId, 'repeated_question', command.at));
  return events;
};

export const requestHuman = (
  command: ChatSessionCommandOf<'RequestHuman'>,
  chat: OpenChat,
): ChatSessionEvent[] => {
  const { sessionId } = chat;
  if (chat.status === 'resolved')
    return [
      { type: 'ChatReopened', data: { sessionId, at: command.at } },
      { type: 'ChatEscalated', data: { sessionId, reason: 'requested_human', at: command.at } },
    ];
  return escalate(chat, sessionId, 'requested_human', command.at);
};

/** A resolved chat can be rated once (until it is reopened and resolved again). */
export const rateChat = (command: ChatSessionCommandOf<'RateChat'>, chat: OpenChat): ChatSessionEvent[] => {
  if (!Number.isInteger(command.rating) || command.rating < 1 || command.rating > 5)
    throw new DomainError('INVALID_RATING', 'Please choose a rating from 1 to 5.');
  if (chat.status !== 'resolved')
    throw new DomainError('RATING_NOT_ALLOWED', 'You can rate the chat once it has been resolved.');
  if (chat.ratedSinceResolution)
    throw new DomainError('ALREADY_RATED', 'Thanks, you have already rated this chat.');
  return [{ type: 'ChatRated', data: { sessionId: chat.sessionId, rating: command.rating, at: command.at } }];
};

export const leaveContactEmail = (
  command: ChatSessionCommandOf<'LeaveContactEmail'>,
  chat: OpenChat,
): ChatSessionEvent[] => {
  const email = command.email.trim().toLowerCase();
  if (!isEmail(email)) throw new DomainError('INVALID_EMAIL', 'Please enter a valid email address.');
  return [{ type: 'ChatContactEmailLeft', data: { sessionId: chat.sessionId, email, at: command.at } }];
};
