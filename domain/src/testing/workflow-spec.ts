import type { DomainEvent } from '../kernel/events';
import type { Workflow } from '../kernel/workflow';
import { deepEqual } from './deep-equal';
import { SpecificationError } from './decider-spec';

const show = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Given/when/then for workflows, as for deciders:
 *   spec.given([the stream's events]).when(inputEvent).then([outputs])
 * `given` is the input's stream as the workflow will read it (the input itself is appended to it).
 */
export const WorkflowSpecification = {
  for<Input extends StreamEvent, State, Output, StreamEvent extends DomainEvent>(
    workflow: Workflow<Input, State, Output, StreamEvent>,
  ) {
    return {
      given(history: readonly StreamEvent[] = []) {
        return {
          when(input: Input) {
            const run = (): readonly Output[] => {
              const state = [...history, input].reduce(
                (current, event) => workflow.evolve(current, event),
                workflow.initialState(),
              );
              return workflow.decide(input, state);
            };
            return {
              then(expected: readonly Output[]): void {
                const actual = run();
                if (!deepEqual(actual, expected))
                  throw new SpecificationError(
                    `Expected outputs:\n${show(expected)}\nbut got:\n${show(actual)}`,
                  );
              },
              thenNothingIsSent(): void {
                const actual = run();
                if (actual.length > 0)
                  throw new SpecificationError(`Expected no outputs, got:\n${show(actual)}`);
              },
            };
          },
        };
      },
    };
  },
};
