import type { Workflow } from '../../kernel/workflow';
import { ERASED_TEXT } from '../../ports/key-store';
import type { AccountErasureRequested, UserEvent } from '../events';
import { evolve, initialState, type UserAccountState } from '../user-account/state';

/** One step of erasing an account, in the order they must run. */
export type ErasureStep =
  | { readonly type: 'EndSessions'; readonly userId: string }
  /**
   * Its webhooks: a delivery still waiting to be retried would carry the person's words to the receiver after
   * the erasure (a deleted webhook's deliveries end without being sent again).
   */
  | { readonly type: 'EraseWebhooks'; readonly userId: string }
  /**
   * Their workspaces: they leave those they are a member of, and those they own (nobody was handed them: the
   * account page warned) are deleted, so no workspace is left without an owner.
   */
  | { readonly type: 'LeaveWorkspaces'; readonly userId: string }
  /** Every recording made before the request (none can be made after it), its media purged at once. */
  | { readonly type: 'EraseRecordings'; readonly userId: string }
  /** "Download my data" archives hold everything too. */
  | { readonly type: 'EraseDataExports'; readonly userId: string }
  /** Support chats in which the site proved the visitor was this user. */
  | { readonly type: 'EraseSupportChats'; readonly userId: string }
  /** The address is free for a new account: its claim released, an invitation still open revoked. */
  | { readonly type: 'GiveUpAddress'; readonly userId: string; readonly email: string }
  | { readonly type: 'CompleteErasure'; readonly userId: string }
  /**
   * The erased documents' old bytes in the read-model store, and the mail kept for the address: once the read
   * models hold the account's erasure (the last event of its stream).
   */
  | { readonly type: 'ShredLeftovers'; readonly userId: string; readonly email: string | null }
  /** The key that sealed the address in its claim, codes and invitation. */
  | { readonly type: 'EraseAddressKey'; readonly email: string }
  /** The person's key: every name, address and transcript word sealed in their events reads "[erased]". */
  | { readonly type: 'ErasePersonKey'; readonly userId: string };

/**
 * What erasing an account takes once its owner asked, in order: keys go last, once nothing more needs to read
 * them (the person's after the address's, which is found through the address the person's key unseals). Every
 * step is one a repeat leaves unchanged (an erased recording, a released claim, a finished erasure decide
 * nothing; an erased key stays erased), so a crash anywhere repeats them all and ends in the same place. A repeat
 * after the person's key is gone reads the address as "[erased]" and leaves the address alone.
 */
export const accountErasureWorkflow: Workflow<
  AccountErasureRequested,
  UserAccountState,
  ErasureStep,
  UserEvent
> = {
  name: 'account-erasure',
  inputs: ['AccountErasureRequested'],
  initialState,
  evolve,
  decide({ data: { userId } }, state) {
    const email = state.email !== null && state.email !== ERASED_TEXT ? state.email : null;
    return [
      { type: 'EndSessions', userId },
      { type: 'EraseWebhooks', userId },
      { type: 'LeaveWorkspaces', userId },
      { type: 'EraseRecordings', userId },
      { type: 'EraseDataExports', userId },
      { type: 'EraseSupportChats', userId },
      ...(email === null ? [] : [{ type: 'GiveUpAddress' as const, userId, email }]),
      { type: 'CompleteErasure', userId },
      { type: 'ShredLeftovers', userId, email },
      ...(email === null ? [] : [{ type: 'EraseAddressKey' as const, email }]),
      { type: 'ErasePersonKey', userId },
    ];
  },
};
