import { DomainError } from '../../kernel/errors';
import type { ChatSessionEvent, EscalationReason } from '../events';
import { MAX_CONTEXT_PAGE_LENGTH, MAX_MESSAGE_LENGTH } from '../rules';
import type { ChatSessionState } from './state';

/** A message as it is kept: trimmed, not empty, not over the limit. */
export const messageText = (content: string): string => {
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

export const contextPage = (page: string): string => page.trim().slice(0, MAX_CONTEXT_PAGE_LENGTH);

/** A person takes over an active conversation; one already with a person (or resolved) stays as it is. */
export const escalate = (
  state: ChatSessionState,
  sessionId: string,
  reason: EscalationReason,
  at: string,
): ChatSessionEvent[] =>
  state.status === 'active' ? [{ type: 'ChatEscalated', data: { sessionId, reason, at } }] : [];
