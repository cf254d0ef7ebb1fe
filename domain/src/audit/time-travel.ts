import type { DomainEvent } from '../kernel/events';
import type { Moment } from './moment-views';
import { diffStates, type StateChange } from './state-diff';
import { streamKindOf } from './stream-kinds';

export interface StepState {
  /** The stream's kind, or null for a name no capability writes. */
  readonly kind: string | null;
  /** Whether a decider folds this kind of stream (the audit log has none). */
  readonly folded: boolean;
  /** The state after the events up to and including this step (0-based revision). */
  readonly state: unknown;
  /** The state before this step's event. */
  readonly previous: unknown;
  readonly changes: readonly StateChange[];
  readonly moment: Moment | null;
}

/**
 * The state at one step of a stream's history, as the domain's own decider builds it: `evolve` over the events
 * up to the step (already upcast, oldest first), and what the last of them changed.
 */
export const stateAtStep = (streamId: string, prefix: readonly DomainEvent[]): StepState => {
  const kind = streamKindOf(streamId);
  const decider = kind?.decider ?? null;
  if (!decider || prefix.length === 0)
    return {
      kind: kind?.kind ?? null,
      folded: Boolean(decider),
      state: null,
      previous: null,
      changes: [],
      moment: null,
    };
  let previous = decider.initialState();
  let state = previous;
  for (const event of prefix) {
    previous = state;
    state = decider.evolve(state, event);
  }
  return {
    kind: kind?.kind ?? null,
    folded: true,
    state,
    previous,
    changes: diffStates(previous, state),
    moment: decider.moment(state, prefix),
  };
};
