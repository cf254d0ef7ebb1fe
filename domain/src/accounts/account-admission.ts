import { DomainError } from '../kernel/errors';
import type { InvitationEvent } from './events';
import type { SignupPolicy } from './signup-policy';

const SIGNUPS_CLOSED_MESSAGE =
  'Sign-ups are closed on this server: only its administrators create accounts. Please ask them for one.';
const NOT_INVITED_MESSAGE =
  'Sign-ups on this server are by invitation only, and this address has not been invited. Please ask the administrator of this server for an invitation.';

/**
 * Asked before an account is opened for an address (before its claim, so a refusal leaves nothing behind). The
 * API looked up whether the address already has an account; a visitor brings the server's sign-up policy
 * (SCRIVO_SIGNUPS), while an operator opens accounts whatever it says.
 */
export interface AdmitAccount {
  readonly type: 'AdmitAccount';
  readonly accountExists: boolean;
  readonly opener:
    { readonly kind: 'visitor'; readonly signups: SignupPolicy } | { readonly kind: 'operator' };
}

/** Nothing to record when the address is let in: the answer is the refusal, or none. */
export const admitAccount = (command: AdmitAccount, invited: boolean): InvitationEvent[] => {
  const { opener } = command;
  if (command.accountExists)
    throw new DomainError(
      'EMAIL_TAKEN',
      opener.kind === 'visitor'
        ? 'An account with this email already exists. Please sign in instead.'
        : 'An account with this email already exists.',
    );
  if (opener.kind === 'operator' || opener.signups === 'open') return [];
  if (opener.signups === 'closed') throw new DomainError('SIGNUPS_CLOSED', SIGNUPS_CLOSED_MESSAGE);
  if (!invited) throw new DomainError('SIGNUP_NOT_INVITED', NOT_INVITED_MESSAGE);
  return [];
};
