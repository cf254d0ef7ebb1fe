/** Stream names of the chat capability. */
export const ChatStreams = {
  session: (sessionId: string) => `chat-session-${sessionId}`,
  site: (siteKey: string) => `chat-site-${siteKey}`,
};

/**
 * The personal key a chat session's messages and addresses are sealed with: the session's own, since the visitor
 * may have no account. Erased with the account of the visitor it identified (crypto-shredding).
 */
export const chatSessionKeySubject = (sessionId: string): string => `chat-${sessionId}`;
