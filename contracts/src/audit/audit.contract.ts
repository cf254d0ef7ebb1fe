import { initContract } from '@ts-rest/core';
import { ErrorBody } from '../common/errors';
import {
  AuditorCheckAnswer,
  AuditorLoginAnswer,
  AuditorLoginBody,
  AuditorsAnswer,
  AuditorSummary,
  AuditReadsAnswer,
  AuditReadsQuery,
  AuditSearchAnswer,
  AuditSearchQuery,
  CreateAuditorBody,
  StreamEventsPage,
  StreamEventsQuery,
  StreamExportQuery,
  StreamStateAnswer,
  StreamStateQuery,
} from './audit.schemas';

const c = initContract();
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/**
 * Auditors replay any history, read-only. Every read route needs an auditor session: 401 anonymous, 403 for
 * users and admins (admins run the service; reading everyone's history is a separate, audited role). Streams
 * are named in the query string, never in the path, so a stream name needs no escaping.
 */
export const auditContract = c.router({
  login: {
    method: 'POST',
    path: '/api/audit/login',
    body: AuditorLoginBody,
    responses: { 200: AuditorLoginAnswer, 400: ErrorBody, 401: AuditorLoginAnswer, 429: ErrorBody },
    summary: 'Auditor sign-in (its own session cookie, separate from users and admins)',
  },
  checkAuth: {
    method: 'GET',
    path: '/api/audit/check-auth',
    responses: { 200: AuditorCheckAnswer },
    summary: 'Whether an auditor is signed in',
  },
  logout: {
    method: 'POST',
    path: '/api/audit/logout',
    body: c.noBody(),
    responses: { 200: AuditorLoginAnswer },
    summary: 'Auditor sign-out',
  },
  search: {
    method: 'GET',
    path: '/api/audit/search',
    query: AuditSearchQuery,
    responses: { 200: AuditSearchAnswer, ...errors },
    summary:
      "Find streams by kind and id, a user's email, a chat id's last 8 characters, or a correlation id",
  },
  events: {
    method: 'GET',
    path: '/api/audit/events',
    query: StreamEventsQuery,
    responses: { 200: StreamEventsPage, ...errors },
    summary: "A page of a stream's events in order, as stored (recorded in the audit log)",
  },
  state: {
    method: 'GET',
    path: '/api/audit/state',
    query: StreamStateQuery,
    responses: { 200: StreamStateAnswer, ...errors, 404: ErrorBody },
    summary: "The decider's state after a step, the state before it and what the step changed",
  },
  export: {
    method: 'GET',
    path: '/api/audit/export',
    query: StreamExportQuery,
    responses: {
      // What a client reads: JSON Lines as text, a PDF as a Blob.
      200: c.otherResponse({ contentType: 'application/octet-stream', body: c.type<string | Blob>() }),
      ...errors,
    },
    summary: "A stream's history as JSON Lines (one stored event a line) or a readable PDF report",
  },
});

/** The admin console's side: admins create auditors and see what they read (admins cannot replay themselves). */
export const adminAuditContract = c.router({
  listAuditors: {
    method: 'GET',
    path: '/api/admin/auditors',
    responses: { 200: AuditorsAnswer, ...errors },
    summary: 'The auditors',
  },
  createAuditor: {
    method: 'POST',
    path: '/api/admin/auditors',
    body: CreateAuditorBody,
    responses: { 201: AuditorSummary, ...errors, 409: ErrorBody },
    summary: 'Create a read-only auditor account',
  },
  auditReads: {
    method: 'GET',
    path: '/api/admin/audit-reads',
    query: AuditReadsQuery,
    responses: { 200: AuditReadsAnswer, ...errors },
    summary: 'What the auditors read, newest first (who, which stream, when)',
  },
});
