import type { Decider } from '../kernel/decider';
import { normalizeEmail } from './email-address';
import type { ChangedBy, InvitationEvent } from './events';

export interface InvitationState {
  readonly invited: boolean;
}

export type InvitationCommand = {
  readonly type: 'InviteUser';
  readonly email: string;
  readonly by: ChangedBy;
  readonly at: string;
};

/** One stream per address (`user-invitation-{email}`): whether an operator invited it to sign up. */
export const invitationDecider: Decider<InvitationCommand, InvitationEvent, InvitationState> = {
  initialState: () => ({ invited: false }),
  decide(command, state) {
    if (state.invited) return [];
    return [
      {
        type: 'UserInvited',
        data: { email: normalizeEmail(command.email), by: command.by, invitedAt: command.at },
      },
    ];
  },
  evolve: () => ({ invited: true }),
};
