import type { DomainEvent } from './events';

/**
 * Cross-stream work as a pure process (the workflow pattern, as in Emmett's `workflow.ts`): it hears events of one
 * stream, folds the ones it needs into a state of its own, and decides what to send elsewhere: commands for other
 * streams' deciders, or messages for the outside world (an email). It never appends or sends itself; the runtime
 * (`api/src/infrastructure/workflow-reactor.ts`) runs it as a reactor, which is what makes a replay after a crash
 * safe: every output it sends must be one a repeat leaves unchanged (a decider keyed on what it already did) or
 * one sent at least once on purpose (an email).
 *
 * The state is folded from the input's own stream as it stands when the input is handled, not as it stood when
 * the input was appended: a later event (a retry, an erasure) is known to the decision about an earlier one.
 */
export interface Workflow<
  Input extends DomainEvent,
  State,
  Output,
  StreamEvent extends DomainEvent = DomainEvent,
> {
  /** Also the name of its checkpoint: renaming a workflow would run it again over the whole history. */
  readonly name: string;
  /** The event types it decides on; the others of the stream still fold into its state through `evolve`. */
  readonly inputs: readonly Input['type'][];
  decide(input: Input, state: State): readonly Output[];
  /**
   * Streams whose events fold into the state after the input's own, in order: for a process that follows one
   * thing across two streams (a live session, then the recording it becomes). None when it reads only its own.
   */
  readonly alsoReads?: (input: Input) => readonly string[];
  /** Folds every event of the streams it reads (`StreamEvent`: their own event union, when they have one). */
  evolve(state: State, event: StreamEvent): State;
  initialState(): State;
}
