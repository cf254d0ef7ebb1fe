import type { Decider } from '../kernel/decider';
import type { DomainEvent } from '../kernel/events';
import { checkedRetention, type RetentionPolicy } from './retention';

/**
 * A person's own space keeps its recordings until they delete them, unless they set a policy of their own: the same
 * rule a workspace's admins set for the workspace (retention.ts), applied by the same timer, to the recordings they
 * uploaded outside any workspace.
 */
export type PersonalRetentionSet = DomainEvent<
  'PersonalRetentionSet',
  { userId: string; policy: RetentionPolicy | null; at: string }
>;

export type PersonalRetentionCommand = {
  type: 'SetPersonalRetention';
  userId: string;
  policy: RetentionPolicy | null;
  now: string;
};

export interface PersonalRetentionState {
  readonly policy: RetentionPolicy | null;
}

/** One stream per person: `personal-retention-{userId}`. */
export const personalRetentionStream = (userId: string) => `personal-retention-${userId}`;

const same = (a: RetentionPolicy | null, b: RetentionPolicy | null) =>
  a === b || (a !== null && b !== null && a.days === b.days && a.scope === b.scope);

export const personalRetentionDecider: Decider<
  PersonalRetentionCommand,
  PersonalRetentionSet,
  PersonalRetentionState
> = {
  initialState: () => ({ policy: null }),
  decide(command, state) {
    const policy = command.policy === null ? null : checkedRetention(command.policy);
    if (same(policy, state.policy)) return [];
    return [{ type: 'PersonalRetentionSet', data: { userId: command.userId, policy, at: command.now } }];
  },
  evolve: (_state, event) => ({ policy: event.data.policy }),
};
