import type {
  ChatMessage,
  PublicSite,
  StartChatResult,
  VisitorConversation,
  VisitorSession,
} from '@scrivo/contracts';

/** A failed call: the status and the server's message (the error body's `error`). */
export class ChatApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const request = async <T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> => {
  const headers: Record<string, string> = {};
  if (token) headers['x-chat-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new ChatApiError(0, 'NETWORK', 'You seem to be offline. Please try again.');
  }
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const err = (json ?? {}) as { error?: string; code?: string };
    throw new ChatApiError(response.status, err.code ?? 'ERROR', err.error ?? `${response.status}: ${text}`);
  }
  return json as T;
};

export interface Identity {
  userId: string;
  email?: string;
  signature: string;
}

/**
 * The widget's side of contracts/src/chat (types only, so the bundle stays small). `base` is empty in the frame
 * (it is served by the API) and the mock server's URL in the pact tests.
 */
export const createChatApi = (base = '') => {
  const call = <T>(method: 'GET' | 'POST', path: string, token?: string, body?: unknown) =>
    request<T>(base, method, path, token, body);
  return {
    site: (siteKey: string) => call<PublicSite>('GET', `/api/chat/sites/${encodeURIComponent(siteKey)}`),
    start: (body: { siteKey: string; contextPage: string; hostOrigin: string; identity?: Identity }) =>
      call<StartChatResult>('POST', '/api/chat/sessions', undefined, body),
    get: (id: string, token: string, after: number) =>
      call<VisitorConversation>('GET', `/api/chat/sessions/${id}?after=${after}`, token),
    post: (id: string, token: string, content: string) =>
      call<VisitorConversation>('POST', `/api/chat/sessions/${id}/messages`, token, { content }),
    escalate: (id: string, token: string) =>
      call<VisitorSession>('POST', `/api/chat/sessions/${id}/escalate`, token),
    identify: (id: string, token: string, identity: Identity) =>
      call<VisitorSession>('POST', `/api/chat/sessions/${id}/identify`, token, identity),
    context: (id: string, token: string, contextPage: string) =>
      call<VisitorSession>('POST', `/api/chat/sessions/${id}/context`, token, { contextPage }),
    leaveEmail: (id: string, token: string, email: string) =>
      call<VisitorSession>('POST', `/api/chat/sessions/${id}/contact-email`, token, { email }),
    rate: (id: string, token: string, rating: number) =>
      call<VisitorSession>('POST', `/api/chat/sessions/${id}/rating`, token, { rating }),
    eventsUrl: (id: string, token: string) =>
      `${base}/api/chat/sessions/${id}/events?token=${encodeURIComponent(token)}`,
  };
};

export const chatApi = createChatApi();

export type { ChatMessage, VisitorSession };
