import type { Decider } from '../kernel/decider';
import { type AdmitAccount, admitAccount } from './account-admission';
import { normalizeEmail } from './email-address';
import type { ChangedBy, InvitationEvent } from './events';

export interface InvitationState {
  readonly invited: boolean;
}

export type InvitationCommand =
  | { readonly type: 'InviteUser'; readonly email: string; readonly by: ChangedBy; readonly at: string }
  | {
      readonly type: 'RevokeInvitation';
      readonly email: string;
      readonly by: ChangedBy;
      readonly at: string;
    }
  | AdmitAccount;

/**
 * One stream per address (`user-invitation-{email}`): whether an operator invited it to sign up. Inviting twice,
 * or revoking what is not invited, changes nothing; a revoked address can be invited again. Whether an account may
 * be opened for the address is asked here too, since the invitation is what an invite-only server needs.
 */
export const invitationDecider: Decider<InvitationCommand, InvitationEvent, InvitationState> = {
  initialState: () => ({ invited: false }),
  decide(command, state) {
    if (command.type === 'AdmitAccount') return admitAccount(command, state.invited);
    const email = normalizeEmail(command.email);
    if (command.type === 'InviteUser') {
      if (state.invited) return [];
      return [{ type: 'UserInvited', data: { email, by: command.by, invitedAt: command.at } }];
    }
    if (!state.invited) return [];
    return [{ type: 'UserInvitationRevoked', data: { email, by: command.by, revokedAt: command.at } }];
  },
  evolve: (_state, event) => ({ invited: event.type === 'UserInvited' }),
};
