/** Stream names of the chat capability. */
export const ChatStreams = {
  session: (sessionId: string) => `chat-session-${sessionId}`,
  site: (siteKey: string) => `chat-site-${siteKey}`,
};
