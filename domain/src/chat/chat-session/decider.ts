import type { Decider } from '../../kernel/decider';
import { NotFoundError } from '../../kernel/errors';
import type { ChatSessionEvent } from '../events';
import { adminRespond, closeChat, markReadByAdmin } from './admin';
import { recordAssistantAnswer } from './assistant';
import type { ChatSessionCommand } from './commands';
import { type ChatSessionState, evolve, initialState, openChat } from './state';
import {
  changeContextPage,
  identifyVisitor,
  leaveContactEmail,
  postVisitorMessage,
  rateChat,
  requestHuman,
  startChat,
} from './visitor';

/** The identified visitor's account was erased: the conversation goes with it (once). */
const eraseChatSession = (state: ChatSessionState, at: string): ChatSessionEvent[] => {
  if (!state.started || !state.sessionId) throw new NotFoundError('Chat session', '');
  return state.erased ? [] : [{ type: 'ChatSessionErased', data: { sessionId: state.sessionId, at } }];
};

/** One pure function per command (Emmett's shape); this only picks it. */
const decide = (command: ChatSessionCommand, state: ChatSessionState): ChatSessionEvent[] => {
  switch (command.type) {
    case 'StartChat':
      return startChat(command, state);
    case 'EraseChatSession':
      return eraseChatSession(state, command.at);
    case 'IdentifyVisitor':
      return identifyVisitor(command, openChat(state));
    case 'ChangeContextPage':
      return changeContextPage(command, openChat(state));
    case 'PostVisitorMessage':
      return postVisitorMessage(command, openChat(state));
    case 'RequestHuman':
      return requestHuman(command, openChat(state));
    case 'RecordAssistantAnswer':
      return recordAssistantAnswer(command, openChat(state));
    case 'AdminRespond':
      return adminRespond(command, openChat(state));
    case 'CloseChat':
      return closeChat(command, openChat(state));
    case 'RateChat':
      return rateChat(command, openChat(state));
    case 'LeaveContactEmail':
      return leaveContactEmail(command, openChat(state));
    case 'MarkReadByAdmin':
      return markReadByAdmin(command, openChat(state));
  }
};

/**
 * One support conversation. Visitors write, the assistant answers while it is confident, people take over
 * when the visitor asks for one, the assistant is unsure or the visitor repeats a question; admins reply,
 * resolve or close; a visitor writing after resolution reopens it; a resolved chat can be rated once.
 */
export const chatSessionDecider: Decider<ChatSessionCommand, ChatSessionEvent, ChatSessionState> = {
  initialState,
  decide,
  evolve,
};
