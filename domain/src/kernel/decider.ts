import type { DomainEvent } from './events';

/**
 * A capability's business rules as three pure functions (Chassaing's decider, as in Emmett):
 * `decide` turns a command into the events it causes (or throws a DomainError), `evolve` folds one event into
 * the state, `initialState` is the state of a stream with no events.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/**
 * A log's rules: every entry is decided from the command alone, whatever the stream already holds (an auditor's
 * reads). Its state is nothing, so the runner appends without reading the stream: a long log costs nothing to add
 * to, and two writers (two tabs, two replicas) never conflict.
 */
export interface LogDecider<Command, Event extends DomainEvent> extends Decider<Command, Event, null> {
  readonly kind: 'log';
}

/** Folds events into state. `evolve` is called through the decider so a class-based decider keeps its `this`. */
export const foldEvents = <Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State => events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
