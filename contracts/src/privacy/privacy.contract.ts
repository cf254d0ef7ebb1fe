import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';
import {
  AccountSessionsAnswer,
  ChangePasswordAnswer,
  ChangePasswordBody,
  DataExport,
  DataExportsAnswer,
  DeleteAccountAnswer,
  DeleteAccountBody,
  DeletionCodeAnswer,
  ErasedAccountsAnswer,
  RevokedAnswer,
} from './privacy.schemas';

const c = initContract();
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/** The signed-in user's control over their own account: password, sessions, their data (issue 17). */
export const privacyContract = c.router({
  changePassword: {
    method: 'POST',
    path: '/api/account/password',
    body: ChangePasswordBody,
    responses: { 200: ChangePasswordAnswer, ...errors },
    summary: 'Change the password (the current one is required); every other session of the user ends',
  },
  listSessions: {
    method: 'GET',
    path: '/api/account/sessions',
    responses: { 200: AccountSessionsAnswer, 401: ErrorBody },
    summary: 'The live sessions of the signed-in user, the current one marked',
  },
  revokeSession: {
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    pathParams: z.object({ id: z.string().min(1).max(128) }),
    body: c.noBody(),
    responses: { 200: RevokedAnswer, ...errors },
    summary: "End one of the user's sessions (404 when it is not theirs)",
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/api/account/sessions/revoke-others',
    body: c.noBody(),
    responses: { 200: RevokedAnswer, ...errors },
    summary: 'End every session of the user but this one',
  },
  sendDeletionCode: {
    method: 'POST',
    path: '/api/account/delete/code',
    body: c.noBody(),
    responses: { 200: DeletionCodeAnswer, ...errors, 502: ErrorBody },
    summary: 'Email the user a 6-digit code that confirms Delete my account (instead of the password)',
  },
  deleteAccount: {
    method: 'POST',
    path: '/api/account/delete',
    body: DeleteAccountBody,
    responses: { 200: DeleteAccountAnswer, ...errors, 409: ErrorBody },
    summary:
      'Delete my account (the password, or a code from /api/account/delete/code): signed out everywhere at once; every recording, its media and transcript, then the address are erased in the background',
  },
  erasedAccounts: {
    method: 'GET',
    path: '/api/admin/erased-accounts',
    responses: { 200: ErasedAccountsAnswer, 401: ErrorBody, 403: ErrorBody },
    summary: 'Erased accounts (admins and auditors): when and by whom, never what they held',
  },
  requestDataExport: {
    method: 'POST',
    path: '/api/account/exports',
    body: c.noBody(),
    responses: { 202: DataExport, ...errors, 409: ErrorBody },
    summary:
      'Download my data: start building a zip of the account, every recording (original media, transcript as JSON and TXT), plan and billing history and sign-in history; emailed when ready',
  },
  listDataExports: {
    method: 'GET',
    path: '/api/account/exports',
    responses: { 200: DataExportsAnswer, 401: ErrorBody },
    summary: "The user's archives: progress while building, the download link until it expires",
  },
  downloadDataExport: {
    method: 'GET',
    path: '/api/account/exports/:id/download',
    pathParams: z.object({ id: z.string().min(1).max(64) }),
    responses: {
      200: c.otherResponse({ contentType: 'application/zip', body: c.type<Blob>() }),
      401: ErrorBody,
      404: ErrorBody,
      410: ErrorBody,
    },
    summary: 'The zip (only its owner; 410 once the link expired)',
  },
});
