import type { Decider } from '../kernel/decider';
import { DomainError } from '../kernel/errors';
import { normalizeEmail } from './email-address';
import type { EmailClaimEvent } from './events';

export interface EmailClaimState {
  readonly ownerId: string | null;
}

export type EmailClaimCommand =
  | {
      readonly type: 'ClaimEmail';
      readonly email: string;
      readonly ownerId: string;
      readonly at: string;
    }
  /** Only its owner's erasure gives an address up; anyone else's release changes nothing. */
  | { readonly type: 'ReleaseEmail'; readonly ownerId: string; readonly at: string };

/**
 * One stream per address, holding who owns it. Two sign-ups racing for the same address both try to create the
 * stream; the event store lets one win and the other is decided again against the winner's claim.
 */
export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  initialState: () => ({ ownerId: null }),
  decide(command, state) {
    if (command.type === 'ReleaseEmail')
      return state.ownerId === command.ownerId
        ? [{ type: 'EmailClaimReleased', data: { ownerId: command.ownerId, at: command.at } }]
        : [];
    if (state.ownerId === command.ownerId) return [];
    if (state.ownerId)
      throw new DomainError(
        'EMAIL_TAKEN',
        'An account with this email already exists. Please sign in instead.',
      );
    return [
      {
        type: 'EmailClaimed',
        data: { email: normalizeEmail(command.email), ownerId: command.ownerId, at: command.at },
      },
    ];
  },
  evolve: (_state, event) => ({ ownerId: event.type === 'EmailClaimed' ? event.data.ownerId : null }),
};
