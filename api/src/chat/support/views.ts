import type { ChatMessage, ChatSession, VisitorSession } from '@scrivo/contracts';
import type { ChatMessageDoc, ChatSessionDoc } from '@scrivo/domain/chat';

export const toSession = (doc: ChatSessionDoc): ChatSession => ({
  sessionId: doc.sessionId,
  status: doc.status,
  contextPage: doc.contextPage,
  lastActivityAt: doc.lastActivityAt,
  escalationReason: doc.escalationReason,
  startedAt: doc.startedAt,
  rating: doc.rating,
  contactEmail: doc.contactEmail,
});

export const toMessage = (doc: ChatMessageDoc): ChatMessage => ({
  id: doc.id,
  seq: doc.seq,
  role: doc.role,
  content: doc.content,
  createdAt: doc.createdAt,
  confidenceScore: doc.confidenceScore,
  needsHumanReview: doc.needsHumanReview,
  sources: doc.sources.map((s) => ({ slug: s.slug, title: s.title })),
});

export const toVisitorSession = (doc: ChatSessionDoc, adminAvailable: boolean): VisitorSession => ({
  sessionId: doc.sessionId,
  status: doc.status,
  escalationReason: doc.escalationReason,
  rating: doc.rating,
  identified: doc.userId !== null,
  contactEmail: doc.contactEmail,
  adminAvailable,
});
