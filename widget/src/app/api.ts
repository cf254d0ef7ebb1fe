import type {
  ChatMessage,
  chatContract,
  RouteAddress,
  RouteOk,
  RouteRequest,
  VisitorSession,
} from '@scrivo/contracts';
import { CHAT_TOKEN_HEADER } from '@scrivo/contracts/chat/chat.schemas';

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

type Chat = typeof chatContract;
type Body<N extends keyof Chat> = RouteRequest<Chat[N]> extends { body: infer B } ? B : never;
type Ok<N extends keyof Chat> = RouteOk<Chat[N]>;

/**
 * Each visitor route's method and path as the contract says them (`myIdentity` belongs to the signed-in web app):
 * the compiler fails the widget when a route changes, though the bundle carries none of the contract's zod.
 */
const ROUTES: { readonly [N in Exclude<keyof Chat, 'myIdentity'>]: RouteAddress<Chat[N]> } = {
  getSite: { method: 'GET', path: '/api/chat/sites/:siteKey' },
  start: { method: 'POST', path: '/api/chat/sessions' },
  get: { method: 'GET', path: '/api/chat/sessions/:sessionId' },
  post: { method: 'POST', path: '/api/chat/sessions/:sessionId/messages' },
  escalate: { method: 'POST', path: '/api/chat/sessions/:sessionId/escalate' },
  identify: { method: 'POST', path: '/api/chat/sessions/:sessionId/identify' },
  setContextPage: { method: 'POST', path: '/api/chat/sessions/:sessionId/context' },
  leaveEmail: { method: 'POST', path: '/api/chat/sessions/:sessionId/contact-email' },
  rate: { method: 'POST', path: '/api/chat/sessions/:sessionId/rating' },
};

/** The path with its `:name` parts filled in (escaped). */
const fill = (path: string, params: Readonly<Record<string, string>>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

const request = async <T>(
  base: string,
  route: { readonly method: 'GET' | 'POST'; readonly path: string },
  parts: {
    readonly params?: Readonly<Record<string, string>>;
    readonly query?: string;
    readonly token?: string;
    readonly body?: unknown;
  } = {},
): Promise<T> => {
  const { method } = route;
  const path = `${fill(route.path, parts.params ?? {})}${parts.query ?? ''}`;
  const { token, body } = parts;
  const headers: Record<string, string> = {};
  if (token) headers[CHAT_TOKEN_HEADER] = token;
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
  // The one unchecked step: the server's answer is taken to be what the contract says it is (as ts-rest's own
  // client does without response validation); the pact tests hold the server to it.
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
  const session = (sessionId: string, token: string) => ({ params: { sessionId }, token });
  return {
    site: (siteKey: string) => request<Ok<'getSite'>>(base, ROUTES.getSite, { params: { siteKey } }),
    start: (body: Body<'start'>) => request<Ok<'start'>>(base, ROUTES.start, { body }),
    get: (id: string, token: string, after: number) =>
      request<Ok<'get'>>(base, ROUTES.get, { ...session(id, token), query: `?after=${after}` }),
    post: (id: string, token: string, content: string) =>
      request<Ok<'post'>>(base, ROUTES.post, {
        ...session(id, token),
        body: { content } satisfies Body<'post'>,
      }),
    escalate: (id: string, token: string) =>
      request<Ok<'escalate'>>(base, ROUTES.escalate, session(id, token)),
    identify: (id: string, token: string, identity: Body<'identify'>) =>
      request<Ok<'identify'>>(base, ROUTES.identify, { ...session(id, token), body: identity }),
    context: (id: string, token: string, contextPage: string) =>
      request<Ok<'setContextPage'>>(base, ROUTES.setContextPage, {
        ...session(id, token),
        body: { contextPage } satisfies Body<'setContextPage'>,
      }),
    leaveEmail: (id: string, token: string, email: string) =>
      request<Ok<'leaveEmail'>>(base, ROUTES.leaveEmail, {
        ...session(id, token),
        body: { email } satisfies Body<'leaveEmail'>,
      }),
    rate: (id: string, token: string, rating: number) =>
      request<Ok<'rate'>>(base, ROUTES.rate, {
        ...session(id, token),
        body: { rating } satisfies Body<'rate'>,
      }),
    eventsUrl: (id: string, token: string) =>
      `${base}/api/chat/sessions/${encodeURIComponent(id)}/events?token=${encodeURIComponent(token)}`,
  };
};

export const chatApi = createChatApi();

export type { ChatMessage, VisitorSession };
