import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import { normalizeEmail } from './email-address';
import type { AdminEvent } from './events';

export interface AdminAccountState {
  readonly exists: boolean;
  readonly adminId: string | null;
  readonly email: string | null;
  readonly passwordHash: string | null;
}

export type AdminAccountCommand =
  | {
      readonly type: 'CreateAdmin';
      readonly adminId: string;
      readonly email: string;
      readonly passwordHash: string;
      readonly by: 'environment' | 'cli';
      readonly at: string;
    }
  | {
      readonly type: 'SetAdminPassword';
      readonly passwordHash: string;
      readonly by: 'environment' | 'cli';
      readonly at: string;
    }
  | { readonly type: 'RecordAdminSignIn'; readonly passwordMatched: boolean; readonly at: string };

/** Support staff: a separate kind of account with its own stream, its own sign-in and its own session cookie. */
export const adminAccountDecider: Decider<AdminAccountCommand, AdminEvent, AdminAccountState> = {
  initialState: () => ({ exists: false, adminId: null, email: null, passwordHash: null }),
  decide(command, state) {
    if (command.type === 'CreateAdmin') {
      if (state.exists)
        throw new DomainError('ADMIN_EXISTS', 'An administrator with this email already exists.');
      return [
        {
          type: 'AdminCreated',
          data: {
            adminId: command.adminId,
            email: normalizeEmail(command.email),
            passwordHash: command.passwordHash,
            createdBy: command.by,
            createdAt: command.at,
          },
        },
      ];
    }
    if (!state.exists || !state.adminId)
      throw new DomainError('ADMIN_NOT_FOUND', 'No administrator was found.');
    const adminId = state.adminId;
    if (command.type === 'SetAdminPassword') {
      return [
        {
          type: 'AdminPasswordChanged',
          data: { adminId, passwordHash: command.passwordHash, changedBy: command.by, changedAt: command.at },
        },
      ];
    }
    return command.passwordMatched
      ? [{ type: 'AdminSignedIn', data: { adminId, at: command.at } }]
      : [{ type: 'AdminSignInFailed', data: { adminId, at: command.at } }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'AdminCreated':
        return {
          exists: true,
          adminId: event.data.adminId,
          email: event.data.email,
          passwordHash: event.data.passwordHash,
        };
      case 'AdminPasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      default:
        return state;
    }
  },
};
