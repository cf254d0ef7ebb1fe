import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import { normalizeEmail } from './email-address';
import type { AuditorCreatedBy, AuditorEvent } from './events';

export interface AuditorAccountState {
  readonly exists: boolean;
  readonly auditorId: string | null;
  readonly email: string | null;
  readonly passwordHash: string | null;
}

export type AuditorAccountCommand =
  | {
      readonly type: 'CreateAuditor';
      readonly auditorId: string;
      readonly email: string;
      readonly passwordHash: string;
      readonly by: AuditorCreatedBy;
      readonly at: string;
    }
  | {
      readonly type: 'SetAuditorPassword';
      readonly passwordHash: string;
      readonly by: AuditorCreatedBy;
      readonly at: string;
    }
  | { readonly type: 'RecordAuditorSignIn'; readonly passwordMatched: boolean; readonly at: string };

/**
 * Read-only staff who replay histories. The same shape as an admin account (own stream, own sign-in, own
 * session cookie) but a distinct kind of actor, so no admin session or guard ever accepts an auditor.
 */
export const auditorAccountDecider: Decider<AuditorAccountCommand, AuditorEvent, AuditorAccountState> = {
  initialState: () => ({ exists: false, auditorId: null, email: null, passwordHash: null }),
  decide(command, state) {
    if (command.type === 'CreateAuditor') {
      if (state.exists) throw new DomainError('AUDITOR_EXISTS', 'An auditor with this email already exists.');
      return [
        {
          type: 'AuditorCreated',
          data: {
            auditorId: command.auditorId,
            email: normalizeEmail(command.email),
            passwordHash: command.passwordHash,
            createdBy: command.by,
            createdAt: command.at,
          },
        },
      ];
    }
    if (!state.exists || !state.auditorId)
      throw new DomainError('AUDITOR_NOT_FOUND', 'No auditor was found.');
    const auditorId = state.auditorId;
    if (command.type === 'SetAuditorPassword') {
      return [
        {
          type: 'AuditorPasswordChanged',
          data: {
            auditorId,
            passwordHash: command.passwordHash,
            changedBy: command.by,
            changedAt: command.at,
          },
        },
      ];
    }
    return command.passwordMatched
      ? [{ type: 'AuditorSignedIn', data: { auditorId, at: command.at } }]
      : [{ type: 'AuditorSignInFailed', data: { auditorId, at: command.at } }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'AuditorCreated':
        return {
          exists: true,
          auditorId: event.data.auditorId,
          email: event.data.email,
          passwordHash: event.data.passwordHash,
        };
      case 'AuditorPasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash };
      default:
        return state;
    }
  },
};
