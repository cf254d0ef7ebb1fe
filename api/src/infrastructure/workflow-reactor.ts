import type { Actor, DomainEvent, Reactor, RecordedEvent, Workflow } from '@scrivo/domain';
import type { StreamRunner } from './stream-runner';

/** Who and what caused an output: every command a workflow sends is traced to the event it reacted to. */
export interface WorkflowContext {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string;
  /** The input's position in the store: what a read model must hold before a step reads it. */
  readonly position: number;
}

/**
 * Runs a pure workflow as a reactor: folds the input's stream (upcast), then any other stream it reads, into the
 * workflow's state, asks it what to send, and hands each output to `send`, which runs it through the stream runner
 * (or the mailer). The reactor's checkpoint moves on only after every output was sent, so a crash in between sends
 * them again: each output must be one a repeat leaves unchanged, or one meant to go at least once.
 */
export const workflowReactor = <Input extends StreamEvent, State, Output, StreamEvent extends DomainEvent>(
  workflow: Workflow<Input, State, Output, StreamEvent>,
  deps: {
    /** A runner that does not wait for the read models (a reaction waiting for them would wait for itself). */
    readonly runner: StreamRunner;
    readonly send: (output: Output, context: WorkflowContext) => Promise<void>;
  },
): Reactor => {
  const isInput = (event: DomainEvent): event is Input => workflow.inputs.some((type) => type === event.type);
  /** Folds a stream into the state so far: the input's own from the start, then the others it reads. */
  const folding = (from: State) => ({ decide: () => [], evolve: workflow.evolve, initialState: () => from });
  return {
    name: workflow.name,
    eventTypes: workflow.inputs,
    async react(recorded: RecordedEvent) {
      const input: DomainEvent = { type: recorded.type, data: recorded.data };
      if (!isInput(input)) return;
      let { state } = await deps.runner.load(folding(workflow.initialState()), recorded.streamId);
      for (const stream of workflow.alsoReads?.(input) ?? [])
        ({ state } = await deps.runner.load(folding(state), stream));
      const context: WorkflowContext = {
        actor: { kind: 'system', id: workflow.name },
        correlationId: recorded.metadata.correlationId,
        causationId: recorded.metadata.eventId,
        position: recorded.globalPosition,
      };
      for (const output of workflow.decide(input, state)) await deps.send(output, context);
    },
  };
};
