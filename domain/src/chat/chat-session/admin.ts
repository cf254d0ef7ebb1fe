import type { ChatSessionEvent } from '../events';
import type { ChatSessionCommandOf } from './commands';
import { messageText } from './messages';
import type { OpenChat } from './state';

export const adminRespond = (
  command: ChatSessionCommandOf<'AdminRespond'>,
  chat: OpenChat,
): ChatSessionEvent[] => {
  const { sessionId } = chat;
  const events: ChatSessionEvent[] = [
    {
      type: 'ChatAdminReplied',
      data: {
        sessionId,
        messageId: command.messageId,
        adminId: command.adminId,
        content: messageText(command.content),
        postedAt: command.at,
      },
    },
  ];
  if (command.markResolved && chat.status !== 'resolved')
    events.push({ type: 'ChatResolved', data: { sessionId, adminId: command.adminId, at: command.at } });
  return events;
};

export const closeChat = (command: ChatSessionCommandOf<'CloseChat'>, chat: OpenChat): ChatSessionEvent[] => {
  if (chat.status === 'resolved') return [];
  return [
    { type: 'ChatClosed', data: { sessionId: chat.sessionId, adminId: command.adminId, at: command.at } },
  ];
};

export const markReadByAdmin = (
  command: ChatSessionCommandOf<'MarkReadByAdmin'>,
  chat: OpenChat,
): ChatSessionEvent[] => {
  if (chat.lastUserSeq <= chat.adminReadSeq) return [];
  return [
    {
      type: 'ChatReadByAdmin',
      data: {
        sessionId: chat.sessionId,
        adminId: command.adminId,
        upToSeq: chat.messageCount,
        at: command.at,
      },
    },
  ];
};
