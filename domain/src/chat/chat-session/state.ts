import { NotFoundError } from '../../kernel/errors';
import type { ChatSessionEvent, ChatStatus, EscalationReason } from '../events';
import { normalizeQuestion } from '../rules';

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

/** A conversation that started and was not erased: the state every command but StartChat and erasure acts on. */
export interface OpenChat extends ChatSessionState {
  readonly sessionId: string;
}

/** An erased conversation is gone for everyone: its key is erased, nothing more can be written in it. */
export const openChat = (state: ChatSessionState): OpenChat => {
  if (!state.started || !state.sessionId) throw new NotFoundError('Chat session', '');
  if (state.erased) throw new NotFoundError('Chat session', state.sessionId);
  return { ...state, sessionId: state.sessionId };
};

export const initialState = (): ChatSessionState => ({
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
});

export const evolve = (state: ChatSessionState, event: ChatSessionEvent): ChatSessionState => {
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
};
