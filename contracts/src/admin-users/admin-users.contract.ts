import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';
import {
  AdminUserDetail,
  AdminUsersPage,
  AdminUsersQuery,
  CreatedUserAnswer,
  CreateUserBody,
  GrantMinutesBody,
  InvitationAnswer,
  InvitationsAnswer,
  InviteUserBody,
  RevokedInvitationAnswer,
  ReasonBody,
  SetUserPlanBody,
} from './admin-users.schemas';

const c = initContract();
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const userId = z.object({ userId: z.string().min(1).max(100) });

/** The operator's console: users and their plans. Every call needs an admin session (401 anonymous, 403 users). */
export const adminUsersContract = c.router({
  listUsers: {
    method: 'GET',
    path: '/api/admin/users',
    query: AdminUsersQuery,
    responses: { 200: AdminUsersPage, ...errors },
    summary: 'Users, 20 a page, searched by email or name and filtered by status',
  },
  getUser: {
    method: 'GET',
    path: '/api/admin/users/:userId',
    pathParams: userId,
    responses: { 200: AdminUserDetail, ...errors },
    summary: "A user's page: plan, minutes, status and the history of operators' changes",
  },
  createUser: {
    method: 'POST',
    path: '/api/admin/users',
    body: CreateUserBody,
    responses: { 201: CreatedUserAnswer, ...errors, 409: ErrorBody },
    summary: 'Create an account (the person sets a password through the emailed reset link)',
  },
  setPlan: {
    method: 'POST',
    path: '/api/admin/users/:userId/plan',
    pathParams: userId,
    body: SetUserPlanBody,
    responses: { 200: AdminUserDetail, ...errors },
    summary: 'Set the plan, for good or until a date (then the lasting plan comes back)',
  },
  grantMinutes: {
    method: 'POST',
    path: '/api/admin/users/:userId/minutes',
    pathParams: userId,
    body: GrantMinutesBody,
    responses: { 200: AdminUserDetail, ...errors },
    summary: 'Grant extra minutes for the current period',
  },
  suspend: {
    method: 'POST',
    path: '/api/admin/users/:userId/suspend',
    pathParams: userId,
    body: ReasonBody,
    responses: { 200: AdminUserDetail, ...errors },
    summary: 'Suspend: no sign-in, every session ends at once; the data stays',
  },
  reactivate: {
    method: 'POST',
    path: '/api/admin/users/:userId/reactivate',
    pathParams: userId,
    body: ReasonBody,
    responses: { 200: AdminUserDetail, ...errors },
    summary: 'Lift a suspension',
  },
  resendVerification: {
    method: 'POST',
    path: '/api/admin/users/:userId/resend-verification',
    pathParams: userId,
    body: c.noBody(),
    responses: { 200: z.object({ sent: z.boolean() }), ...errors, 409: ErrorBody },
    summary: 'Email a new verification code to an unverified user',
  },
  invite: {
    method: 'POST',
    path: '/api/admin/invitations',
    body: InviteUserBody,
    responses: { 200: InvitationAnswer, ...errors },
    summary: 'Let this address sign up when SCRIVO_SIGNUPS=invite',
  },
  listInvitations: {
    method: 'GET',
    path: '/api/admin/invitations',
    responses: { 200: InvitationsAnswer, 401: ErrorBody, 403: ErrorBody },
    summary: 'The addresses invited to sign up and not revoked, newest first',
  },
  revokeInvitation: {
    method: 'POST',
    path: '/api/admin/invitations/revoke',
    body: InviteUserBody,
    responses: { 200: RevokedInvitationAnswer, ...errors },
    summary: 'Take an invitation back: the address may no longer sign up (an account already made stays)',
  },
});
export type AdminUsersContract = typeof adminUsersContract;
