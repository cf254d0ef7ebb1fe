import type { Workflow } from '../../kernel/workflow';
import type { UserEvent, UserMinutesGranted } from '../events';
import { evolve, initialState, type UserAccountState } from '../user-account/state';

/** Count an operator's grant in the usage period it was given for, where reservations see it. */
export interface CountGrantedMinutes {
  readonly type: 'CountGrantedMinutes';
  readonly userId: string;
  /** The usage stream keeps each grant once: a repeat after a crash counts nothing twice. */
  readonly grantId: string;
  readonly period: string;
  readonly seconds: number;
  readonly grantedAt: string;
}

/**
 * A grant is recorded on the account (who gave it and why), then counted on the period's usage stream. The two
 * are two streams, so the second step follows the first as a reaction: a crash in between counts the grant when
 * the workflow resumes, where a hand-written second append would have lost it. An account being erased gets
 * nothing more written for it.
 */
export const minutesGrantsWorkflow: Workflow<
  UserMinutesGranted,
  UserAccountState,
  CountGrantedMinutes,
  UserEvent
> = {
  name: 'minutes-grants',
  inputs: ['UserMinutesGranted'],
  initialState,
  evolve,
  decide: ({ data: { userId, grantId, period, minutes, grantedAt } }, { erasure }) =>
    erasure !== null
      ? []
      : [{ type: 'CountGrantedMinutes', userId, grantId, period, seconds: minutes * 60, grantedAt }],
};
