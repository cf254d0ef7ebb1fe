import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import type { ChatSessionEvent, ChatSource, ChatStatus, EscalationReason } from './events';
import {
  asksForHuman,
  HANDOVER_MESSAGE,
  isEmail,
  MAX_CONTEXT_PAGE_LENGTH,
  MAX_MESSAGE_LENGTH,
  normalizeQuestion,
} from './rules';

export interface ChatSessionState {
  readonly started: boolean;
  readonly sessionId: string | null;
  readonly status: ChatStatus;
  readonly userId: string | null;
  readonly escalationReason: EscalationReason | null;
  /** Messages of every role so far; the n-th message has seq n (1-based). */
  readonly messageCount: number;
  readonly lastUserSeq: number;
  readonly adminReadSeq: number;
  /** Normalised visitor questions, to notice a repeated one. */
  readonly questions: readonly string[];
  readonly ratedSinceResolution: boolean;
  /** The identified visitor's account was erased: the conversation is gone and takes nothing more. */
  readonly erased: boolean;
}

export type ChatSessionCommand =
  | {
      readonly type: 'StartChat';
      readonly sessionId: string;
      readonly siteKey: string;
      readonly contextPage: string;
      readonly visitorId: string;
      /** A verified identity only: unverified ones are dropped before they get here. */
      readonly identity: { readonly userId: string; readonly email: string | null } | null;
      readonly at: string;
    }
  | {
      readonly type: 'IdentifyVisitor';
      readonly userId: string;
      readonly email: string | null;
      readonly at: string;
    }
  | { readonly type: 'ChangeContextPage'; readonly contextPage: string; readonly at: string }
  | {
      readonly type: 'PostVisitorMessage';
      readonly messageId: string;
      readonly content: string;
      readonly at: string;
    }
  | { readonly type: 'RequestHuman'; readonly at: string }
  | {
      readonly type: 'RecordAssistantAnswer';
      readonly messageId: string;
      readonly content: string;
      readonly confidenceScore: number;
      readonly sources: readonly ChatSource[];
      readonly threshold: number;
      readonly at: string;
    }
  | {
      readonly type: 'AdminRespond';
      readonly messageId: string;
      readonly adminId: string;
      readonly content: string;
      readonly markResolved: boolean;
      readonly at: string;
    }
  | { readonly type: 'CloseChat'; readonly adminId: string; readonly at: string }
  | { readonly type: 'RateChat'; readonly rating: number; readonly at: string }
  | { readonly type: 'LeaveContactEmail'; readonly email: string; readonly at: string }
  | { readonly type: 'MarkReadByAdmin'; readonly adminId: string; readonly at: string }
  | { readonly type: 'EraseChatSession'; readonly at: string };

const messageText = (content: string): string => {
  const text = content.trim();
  if (!text) throw new DomainError('MESSAGE_EMPTY', 'Please type a message first.');
  if (text.length > MAX_MESSAGE_LENGTH)
    throw new DomainError(
      'MESSAGE_TOO_LONG',
      `Messages can be at most ${MAX_MESSAGE_LENGTH} characters long.`,
      {
        max: MAX_MESSAGE_LENGTH,
      },
    );
  return text;
};

const contextPage = (page: string): string => page.trim().slice(0, MAX_CONTEXT_PAGE_LENGTH);

const escalate = (state: ChatSessionState, sessionId: string, reason: EscalationReason, at: string) =>
  state.status === 'active' ? [{ type: 'ChatEscalated' as const, data: { sessionId, reason, at } }] : [];

/**
 * One support conversation. Visitors write, the assistant answers while it is confident, people take over
 * when the visitor asks for one, the assistant is unsure or the visitor repeats a question; admins reply,
 * resolve or close; a visitor writing after resolution reopens it; a resolved chat can be rated once.
 */
export const chatSessionDecider: Decider<ChatSessionCommand, ChatSessionEvent, ChatSessionState> = {
  initialState: () => ({
    started: false,
    sessionId: null,
    status: 'active',
    userId: null,
    escalationReason: null,
    messageCount: 0,
    lastUserSeq: 0,
    adminReadSeq: 0,
    questions: [],
    ratedSinceResolution: false,
    erased: false,
  }),

  decide(command, state) {
    if (command.type === 'StartChat') {
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
    }
    if (!state.started || !state.sessionId) throw new NotFoundError('Chat session', '');
    const sessionId = state.sessionId;
    if (command.type === 'EraseChatSession')
      return state.erased ? [] : [{ type: 'ChatSessionErased', data: { sessionId, at: command.at } }];
    // An erased conversation is gone for everyone: its key is erased, nothing more can be written in it.
    if (state.erased) throw new NotFoundError('Chat session', sessionId);

    switch (command.type) {
      case 'IdentifyVisitor':
        if (state.userId === command.userId) return [];
        if (state.userId !== null)
          throw new DomainError('IDENTITY_CONFLICT', 'This chat belongs to another signed-in user.');
        return [
          {
            type: 'ChatVisitorIdentified',
            data: { sessionId, userId: command.userId, email: command.email, at: command.at },
          },
        ];

      case 'ChangeContextPage':
        return [
          {
            type: 'ChatContextPageChanged',
            data: { sessionId, contextPage: contextPage(command.contextPage), at: command.at },
          },
        ];

      case 'PostVisitorMessage': {
        const content = messageText(command.content);
        const events: ChatSessionEvent[] = [];
        let current = state;
        if (state.status === 'resolved') {
          events.push({ type: 'ChatReopened', data: { sessionId, at: command.at } });
          current = { ...state, status: 'active' };
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
        if (asksForHuman(content))
          events.push(...escalate(current, sessionId, 'requested_human', command.at));
        else if (state.questions.includes(normalizeQuestion(content)))
          events.push(...escalate(current, sessionId, 'repeated_question', command.at));
        return events;
      }

      case 'RequestHuman':
        if (state.status === 'resolved')
          return [
            { type: 'ChatReopened', data: { sessionId, at: command.at } },
            { type: 'ChatEscalated', data: { sessionId, reason: 'requested_human', at: command.at } },
          ];
        return escalate(state, sessionId, 'requested_human', command.at);

      case 'RecordAssistantAnswer': {
        // A person has taken over (or the chat ended) while the assistant was thinking: its answer is dropped.
        if (state.status !== 'active') return [];
        const confidence = Math.min(1, Math.max(0, command.confidenceScore));
        const unsure = confidence < command.threshold;
        return [
          {
            type: 'ChatMessagePosted',
            data: {
              sessionId,
              messageId: command.messageId,
              role: 'assistant',
              content: unsure ? HANDOVER_MESSAGE : messageText(command.content),
              confidenceScore: confidence,
              needsHumanReview: unsure,
              sources: unsure ? [] : command.sources.map((s) => ({ slug: s.slug, title: s.title })),
              postedAt: command.at,
            },
          },
          ...(unsure ? escalate(state, sessionId, 'low_confidence', command.at) : []),
        ];
      }

      case 'AdminRespond': {
        const content = messageText(command.content);
        const events: ChatSessionEvent[] = [
          {
            type: 'ChatAdminReplied',
            data: {
              sessionId,
              messageId: command.messageId,
              adminId: command.adminId,
              content,
              postedAt: command.at,
            },
          },
        ];
        if (command.markResolved && state.status !== 'resolved')
          events.push({
            type: 'ChatResolved',
            data: { sessionId, adminId: command.adminId, at: command.at },
          });
        return events;
      }

      case 'CloseChat':
        if (state.status === 'resolved') return [];
        return [{ type: 'ChatClosed', data: { sessionId, adminId: command.adminId, at: command.at } }];

      case 'RateChat':
        if (!Number.isInteger(command.rating) || command.rating < 1 || command.rating > 5)
          throw new DomainError('INVALID_RATING', 'Please choose a rating from 1 to 5.');
        if (state.status !== 'resolved')
          throw new DomainError('RATING_NOT_ALLOWED', 'You can rate the chat once it has been resolved.');
        if (state.ratedSinceResolution)
          throw new DomainError('ALREADY_RATED', 'Thanks, you have already rated this chat.');
        return [{ type: 'ChatRated', data: { sessionId, rating: command.rating, at: command.at } }];

      case 'LeaveContactEmail': {
        const email = command.email.trim().toLowerCase();
        if (!isEmail(email)) throw new DomainError('INVALID_EMAIL', 'Please enter a valid email address.');
        return [{ type: 'ChatContactEmailLeft', data: { sessionId, email, at: command.at } }];
      }

      case 'MarkReadByAdmin':
        if (state.lastUserSeq <= state.adminReadSeq) return [];
        return [
          {
            type: 'ChatReadByAdmin',
            data: { sessionId, adminId: command.adminId, upToSeq: state.messageCount, at: command.at },
          },
        ];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ChatSessionStarted':
        return { ...state, started: true, sessionId: event.data.sessionId, userId: event.data.userId };
      case 'ChatVisitorIdentified':
        return { ...state, userId: event.data.userId };
      case 'ChatMessagePosted': {
        const seq = state.messageCount + 1;
        if (event.data.role !== 'user') return { ...state, messageCount: seq };
        return {
          ...state,
          messageCount: seq,
          lastUserSeq: seq,
          questions: [...state.questions, normalizeQuestion(event.data.content)],
        };
      }
      case 'ChatAdminReplied':
        return { ...state, messageCount: state.messageCount + 1 };
      case 'ChatEscalated':
        return { ...state, status: 'escalated', escalationReason: event.data.reason };
      case 'ChatResolved':
      case 'ChatClosed':
        return { ...state, status: 'resolved', ratedSinceResolution: false };
      case 'ChatReopened':
        return { ...state, status: 'active', escalationReason: null };
      case 'ChatRated':
        return { ...state, ratedSinceResolution: true };
      case 'ChatReadByAdmin':
        return { ...state, adminReadSeq: event.data.upToSeq };
      case 'ChatSessionErased':
        return { ...state, erased: true };
      default:
        return state;
    }
  },
};
