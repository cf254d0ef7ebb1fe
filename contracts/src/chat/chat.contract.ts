import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';
import { QueryCursor } from '../common/paging';
import {
  AdminCloseResult,
  AdminRespondBody,
  AdminRespondResult,
  AdminSessionDetail,
  AdminSessionList,
  AdminSessionListQuery,
  ChatSite,
  CreatedChatSite,
  RotatedSiteSecret,
  ChatSiteInput,
  ContactEmailBody,
  ContextPageBody,
  PostMessageBody,
  PublicSite,
  RateBody,
  SignedIdentity,
  StartChatBody,
  StartChatResult,
  VisitorConversation,
  VisitorSession,
  ChatIdentity,
  CHAT_TOKEN_HEADER,
} from './chat.schemas';

const c = initContract();
const token = z.object({ [CHAT_TOKEN_HEADER]: z.string() });

/** The admin queue of spec section 7 (admin session cookie required). */
export const adminChatContract = c.router({
  listSessions: {
    method: 'GET',
    path: '/api/admin/chat/sessions',
    query: AdminSessionListQuery,
    responses: { 200: AdminSessionList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    summary: 'The support queue, newest activity first, page size 20',
  },
  getSession: {
    method: 'GET',
    path: '/api/admin/chat/sessions/:sessionId',
    pathParams: z.object({ sessionId: z.string() }),
    responses: { 200: AdminSessionDetail, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    summary: "One conversation with the user's context; opening it marks the visitor's messages read",
  },
  respond: {
    method: 'POST',
    path: '/api/admin/chat/sessions/:sessionId/respond',
    pathParams: z.object({ sessionId: z.string() }),
    body: AdminRespondBody,
    responses: { 200: AdminRespondResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    summary: "Reply to the visitor ('Send Reply'); markResolved also resolves it ('Send & Resolve')",
  },
  close: {
    method: 'POST',
    path: '/api/admin/chat/sessions/:sessionId/close',
    pathParams: z.object({ sessionId: z.string() }),
    body: c.noBody(),
    responses: { 200: AdminCloseResult, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    summary: "'Close Chat': end the conversation (it counts as resolved)",
  },
  listSites: {
    method: 'GET',
    path: '/api/admin/chat/sites',
    responses: { 200: z.object({ sites: z.array(ChatSite) }), 401: ErrorBody, 403: ErrorBody },
    summary: 'Sites that may embed the widget',
  },
  createSite: {
    method: 'POST',
    path: '/api/admin/chat/sites',
    body: ChatSiteInput,
    responses: { 201: CreatedChatSite, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
    summary: 'Register a site: its key, allowed origins and identity secret (shown in this answer only)',
  },
  rotateSiteSecret: {
    method: 'POST',
    path: '/api/admin/chat/sites/:siteKey/secret',
    pathParams: z.object({ siteKey: z.string() }),
    body: c.noBody(),
    responses: { 200: RotatedSiteSecret, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    summary: 'A new identity secret for a site (shown in this answer only); the old one stops working',
  },
});

/** What the widget calls (no cookies needed: the session token travels in X-Chat-Token). */
export const chatContract = c.router({
  getSite: {
    method: 'GET',
    path: '/api/chat/sites/:siteKey',
    pathParams: z.object({ siteKey: z.string() }),
    responses: { 200: PublicSite, 404: ErrorBody },
    summary: 'Public facts about a site; answered cross-origin only to its allowed origins',
  },
  start: {
    method: 'POST',
    path: '/api/chat/sessions',
    body: StartChatBody,
    responses: { 201: StartChatResult, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    summary: 'Start a conversation (an unverified identity is ignored: the visitor stays anonymous)',
  },
  get: {
    method: 'GET',
    path: '/api/chat/sessions/:sessionId',
    pathParams: z.object({ sessionId: z.string() }),
    headers: token,
    query: z.object({ after: QueryCursor }),
    responses: { 200: VisitorConversation, 400: ErrorBody, 404: ErrorBody },
    summary: 'The session and the messages after a cursor (seq)',
  },
  post: {
    method: 'POST',
    path: '/api/chat/sessions/:sessionId/messages',
    pathParams: z.object({ sessionId: z.string() }),
    headers: token,
    body: PostMessageBody,
    responses: { 200: VisitorConversation, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    summary: "Send a message; the answer holds it and the assistant's reply (if the assistant answered)",
  },
  escalate: {
    method: 'POST',
    path: '/api/chat/sessions/:sessionId/escalate',
    pathParams: z.object({ sessionId: z.string() }),
    headers: token,
    body: c.noBody(),
    responses: { 200: VisitorSession, 404: ErrorBody },
    summary: "'Talk to a person'",
  },
  identify: {
    method: 'POST',
    path: '/api/chat/sessions/:sessionId/identify',
    pathParams: z.object({ sessionId: z.string() }),
    headers: token,
    body: ChatIdentity,
    responses: { 200: VisitorSession, 404: ErrorBody, 409: ErrorBody },
    summary: 'Tie the session to a signed-in user of the site (ignored unless the signature verifies)',
  },
  setContextPage: {
    method: 'POST',
    path: '/api/chat/sessions/:sessionId/context',
    pathParams: z.object({ sessionId: z.string() }),
    headers: token,
    body: ContextPageBody,
    responses: { 200: VisitorSession, 404: ErrorBody },
    summary: 'The page the visitor is on',
  },
  leaveEmail: {
    method: 'POST',
    path: '/api/chat/sessions/:sessionId/contact-email',
    pathParams: z.object({ sessionId: z.string() }),
    headers: token,
    body: ContactEmailBody,
    responses: { 200: VisitorSession, 400: ErrorBody, 404: ErrorBody },
    summary: 'Offline fallback: an email to answer to when nobody is available',
  },
  rate: {
    method: 'POST',
    path: '/api/chat/sessions/:sessionId/rating',
    pathParams: z.object({ sessionId: z.string() }),
    headers: token,
    body: RateBody,
    responses: { 200: VisitorSession, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    summary: 'Satisfaction 1-5, once per resolution',
  },
  myIdentity: {
    method: 'GET',
    path: '/api/chat/identity',
    responses: { 200: SignedIdentity, 401: ErrorBody },
    summary: "The signed-in user's identity, signed for the app's own site (the main app's widget uses it)",
  },
});
