import type { TestClient } from '../../support/http-client';
import type { RouteCase } from './routes';

/**
 * A request body and headers that the route would act on if the caller were allowed: the refusal must come from
 * the access check, not from validation of an empty body.
 */
export const requestFor = (
  route: RouteCase,
  /** `recordingId`: the owner's recording, for routes that name recordings in their body (bulk delete). */
  options: { chatToken: string; uploadOffset?: string; recordingId?: string },
): { body?: unknown; headers: Record<string, string>; query: string } => {
  const headers: Record<string, string> = {};
  const key = `${route.method} ${route.path}`;
  if (route.path.startsWith('/api/uploads')) {
    headers['Tus-Resumable'] = '1.0.0';
    if (route.method === 'PATCH') {
      headers['Upload-Offset'] = options.uploadOffset ?? '0';
      headers['Content-Type'] = 'application/offset+octet-stream';
      return { body: new Uint8Array(1024), headers, query: '' };
    }
    if (route.method === 'POST') {
      headers['Upload-Length'] = '1024';
      headers['Upload-Metadata'] = `filename ${Buffer.from('x.wav').toString('base64')}`;
    }
    return { headers, query: '' };
  }
  if (route.path.startsWith('/api/chat/sessions/:sessionId')) headers['x-chat-token'] = options.chatToken;
  const query =
    key === 'GET /api/recordings/:id/export'
      ? '?format=txt'
      : key === 'GET /api/chat/sessions/:sessionId/events'
        ? `?token=${encodeURIComponent(options.chatToken)}`
        : '';
  const bodies: Record<string, unknown> = {
    'PATCH /api/recordings/:id': { title: 'Taken over' },
    'POST /api/recordings/:id/pin': { pinned: true },
    'PATCH /api/recordings/:id/transcript': { version: 1, segments: [{ index: 0, text: 'Taken over' }] },
    'POST /api/recordings/:id/transcript/changes': {
      version: 1,
      change: { kind: 'mergeWithPrevious', index: 1 },
    },
    'POST /api/admin/chat/sessions/:sessionId/respond': { content: 'Taken over', markResolved: true },
    'POST /api/chat/sessions/:sessionId/messages': { content: 'Taken over' },
    'POST /api/chat/sessions/:sessionId/identify': { userId: 'someone', signature: '00' },
    'POST /api/chat/sessions/:sessionId/context': { contextPage: '/taken-over' },
    'POST /api/chat/sessions/:sessionId/contact-email': { email: 'attacker@example.com' },
    'POST /api/chat/sessions/:sessionId/rating': { rating: 1 },
    'POST /api/chat/sessions': { siteKey: 'scrivo-app', contextPage: '/', hostOrigin: 'https://evil.test' },
    'POST /api/login': { email: 'attacker@example.com', password: 'attacker-password' },
    'POST /api/admin/chat/sites': { name: 'Evil', allowedOrigins: ['https://evil.test'] },
    'PATCH /api/account': { firstName: 'Taken', lastName: 'Over' },
    'POST /api/recordings/:id/share-links': { includeMedia: true, allowDownload: true },
    'POST /api/recordings/:id/move': { workspaceId: null },
    'PUT /api/recordings/:id/summary': {
      content: { overview: 'Taken over', keyPoints: [], decisions: [], actionItems: [], chapters: [] },
      revision: 1,
    },
    'PATCH /api/voices/:voiceId': { name: 'Taken over' },
    'PUT /api/summaries/templates/:templateId': {
      name: 'Taken over',
      instructions: 'Taken over',
      sections: { keyPoints: 'Taken', decisions: null, actionItems: null, chapters: null },
    },
    'POST /api/recordings/:id/translations': { target: 'de', engine: 'local' },
    'POST /api/recordings/:id/questions': { question: 'What was decided about the price?' },
    'POST /api/shared/:token/unlock': { password: 'visitor-password' },
    'POST /api/account/api-keys': { name: 'Attacker key', scopes: ['write'] },
    'PATCH /api/library/folders/:folderId': { name: 'Taken over' },
    'PATCH /api/library/tags/:tagId': { name: 'Taken over' },
    'POST /api/library/delete': { recordingIds: [options.recordingId ?? 'unknown'] },
    'POST /api/recordings/:id/annotations': { kind: 'comment', start: 0, end: 1, comment: 'Taken over' },
    'PATCH /api/recordings/:id/annotations/:annotationId': { comment: 'Taken over' },
    'POST /api/account/plan': { plan: 'free' },
    'POST /api/admin/users': { email: 'attacker@example.com', firstName: 'Evil', lastName: 'Twin' },
    'POST /api/admin/users/:userId/plan': { plan: 'free', reason: 'Taken over' },
    'POST /api/admin/users/:userId/minutes': { minutes: 1, reason: 'Taken over' },
    'POST /api/admin/users/:userId/suspend': { reason: 'Taken over' },
    'POST /api/admin/users/:userId/reactivate': { reason: 'Taken over' },
    'POST /api/admin/invitations': { email: 'attacker@example.com' },
    'POST /api/admin/auditors': { email: 'attacker@example.com', password: 'attacker-password' },
    'POST /api/audit/login': { username: 'attacker@example.com', password: 'attacker-password' },
    'PATCH /api/workspaces/:workspaceId': { name: 'Taken over' },
    'POST /api/workspaces/:workspaceId/invitations': { email: 'attacker@example.com', role: 'member' },
    'PATCH /api/workspaces/:workspaceId/members/:userId': { role: 'viewer' },
    'POST /api/workspaces/:workspaceId/transfer': { userId: 'attacker' },
    'PUT /api/workspaces/:workspaceId/retention': { policy: { days: 1, scope: 'recording' } },
    'PUT /api/workspaces/:workspaceId/vocabulary': { terms: [{ text: 'Taken over' }] },
    'PUT /api/account/retention': { policy: { days: 1, scope: 'recording' } },
    'POST /api/workspaces/:workspaceId/voices': {
      recordingId: options.recordingId ?? 'unknown',
      speaker: 'SPEAKER_00',
      name: 'Taken over',
    },
    'PATCH /api/workspaces/:workspaceId/voices/:voiceId': { name: 'Taken over' },
    'POST /api/workspaces/:workspaceId/library/folders': { name: 'Taken over' },
    'PATCH /api/workspaces/:workspaceId/library/folders/:folderId': { name: 'Taken over' },
    'POST /api/workspaces/:workspaceId/library/tags': { name: 'Taken over' },
    'PATCH /api/workspaces/:workspaceId/library/tags/:tagId': { name: 'Taken over' },
    'POST /api/workspaces/:workspaceId/library/move': {
      recordingIds: [options.recordingId ?? 'unknown'],
      folderId: null,
    },
    'POST /api/workspaces/:workspaceId/library/tag': {
      recordingIds: [options.recordingId ?? 'unknown'],
      add: [],
      remove: [],
    },
  };
  return { body: bodies[key], headers, query };
};

/**
 * One raw request as an attacker's browser or script would send it, cookies of `client` included (none for an
 * anonymous caller). Only the status is read: an event stream that wrongly opened is not waited on.
 */
export const attack = async (
  baseUrl: string,
  client: TestClient | null,
  method: string,
  path: string,
  request: { body?: unknown; headers: Record<string, string> },
  options: { csrfToken?: boolean; origin?: string } = { csrfToken: true },
): Promise<number> => {
  const headers: Record<string, string> = { ...request.headers };
  if (client?.cookieHeader) headers.cookie = client.cookieHeader;
  if (options.csrfToken && client) headers['x-csrf-token'] = client.cookie('scrivo_csrf') ?? '';
  if (options.origin) headers.origin = options.origin;
  let body: RequestInit['body'];
  if (request.body instanceof Uint8Array) body = request.body;
  else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  } else if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
    headers['content-type'] ??= 'application/json';
    body = headers['content-type'] === 'application/json' ? '{}' : undefined;
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  await response.body?.cancel();
  return response.status;
};
