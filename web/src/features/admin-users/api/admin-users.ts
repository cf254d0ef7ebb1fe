import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserStatus, PlanId } from '@scrivo/contracts';
import { api, ok } from '../../../lib/api-client';
import { HttpError } from '../../../lib/http';

const adminUsersKeys = {
  all: ['admin-users'] as const,
  list: (q: string, status: AdminUserStatus, page: number) =>
    ['admin-users', 'list', { q, status, page }] as const,
  detail: (userId: string) => ['admin-users', 'user', userId] as const,
};

export const useUserList = (q: string, status: AdminUserStatus, page: number, enabled: boolean) =>
  useQuery({
    queryKey: adminUsersKeys.list(q, status, page),
    queryFn: () => ok(api.adminUsers.listUsers({ query: { status, page, ...(q ? { q } : {}) } })),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useUserDetail = (userId: string, enabled: boolean) =>
  useQuery({
    queryKey: adminUsersKeys.detail(userId),
    queryFn: () => ok(api.adminUsers.getUser({ params: { userId } })),
    enabled,
  });

export type UserAction =
  | { kind: 'plan'; plan: PlanId; until: string | null; reason: string }
  | { kind: 'minutes'; minutes: number; reason: string }
  | { kind: 'suspend'; reason: string }
  | { kind: 'reactivate'; reason: string };

/** Runs one of the user page's actions; every answer is the fresh user page, put straight into the cache. */
export const useUserAction = (userId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => {
      const params = { userId };
      switch (action.kind) {
        case 'plan':
          return ok(
            api.adminUsers.setPlan({
              params,
              body: { plan: action.plan, until: action.until, reason: action.reason },
            }),
          );
        case 'minutes':
          return ok(
            api.adminUsers.grantMinutes({ params, body: { minutes: action.minutes, reason: action.reason } }),
          );
        case 'suspend':
          return ok(api.adminUsers.suspend({ params, body: { reason: action.reason } }));
        case 'reactivate':
          return ok(api.adminUsers.reactivate({ params, body: { reason: action.reason } }));
      }
    },
    onSuccess: (detail) => {
      client.setQueryData(adminUsersKeys.detail(userId), detail);
      void client.invalidateQueries({ queryKey: ['admin-users', 'list'] });
    },
  });
};

export const useResendVerification = (userId: string) =>
  useMutation({
    mutationFn: () => ok(api.adminUsers.resendVerification({ params: { userId } })),
  });

const invitationsKey = ['admin-users', 'invitations'] as const;

export const useInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => ok(api.adminUsers.invite({ body: { email } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: invitationsKey }),
  });
};

/** The open invitations, newest first. */
export const useInvitations = () =>
  useQuery({ queryKey: invitationsKey, queryFn: () => ok(api.adminUsers.listInvitations()) });

export const useRevokeInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => ok(api.adminUsers.revokeInvitation({ body: { email } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: invitationsKey }),
  });
};

/** The server's message for a refused call (`message` of the error body), else the error's own text. */
export const describeError = (error: unknown): string => {
  if (error instanceof HttpError) {
    try {
      const body = JSON.parse(error.body) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // not JSON
    }
    return error.serverMessage;
  }
  return error instanceof Error ? error.message : String(error);
};
