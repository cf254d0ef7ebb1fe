import type { ChatSessionEvent } from '../events';
import { HANDOVER_MESSAGE } from '../rules';
import type { ChatSessionCommandOf } from './commands';
import { escalate, messageText } from './messages';
import type { OpenChat } from './state';

/** The assistant answers while it is confident; below the threshold it hands over to a person instead. */
export const recordAssistantAnswer = (
  command: ChatSessionCommandOf<'RecordAssistantAnswer'>,
  chat: OpenChat,
): ChatSessionEvent[] => {
  // A person has taken over (or the chat ended) while the assistant was thinking: its answer is dropped.
  if (chat.status !== 'active') return [];
  const { sessionId } = chat;
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
    ...(unsure ? escalate(chat, sessionId, 'low_confidence', command.at) : []),
  ];
};
