import { DeciderSpecification } from '../../testing';
import { chatSessionDecider } from './decider';
import type { ChatSessionEvent } from '../events';

export const spec = DeciderSpecification.for(chatSessionDecider);
export const at = '2026-03-01T10:00:00.000Z';
export const sessionId = 's-1';

export const started: ChatSessionEvent = {
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
export const visitorSaid = (content: string, messageId = 'm-1'): ChatSessionEvent => ({
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
export const escalated = (
  reason: 'requested_human' | 'low_confidence' | 'repeated_question',
): ChatSessionEvent => ({
  type: 'ChatEscalated',
  data: { sessionId, reason, at },
});
export const resolved: ChatSessionEvent = { type: 'ChatResolved', data: { sessionId, adminId: 'a-1', at } };
export const closed: ChatSessionEvent = { type: 'ChatClosed', data: { sessionId, adminId: 'a-1', at } };
export const reopened: ChatSessionEvent = { type: 'ChatReopened', data: { sessionId, at } };
export const adminReplied = (content: string, messageId = 'm-9'): ChatSessionEvent => ({
  type: 'ChatAdminReplied',
  data: { sessionId, messageId, adminId: 'a-1', content, postedAt: at },
});
