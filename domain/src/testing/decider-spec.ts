import { type Decider, foldEvents } from '../kernel/decider';
import type { DomainEvent } from '../kernel/events';
import { deepEqual } from './deep-equal';

type ErrorCheck = (new (...args: never[]) => Error) | ((error: unknown) => boolean) | { code: string };

export class SpecificationError extends Error {
  override name = 'SpecificationError';
}

const show = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Given/when/then for deciders, as in Emmett:
 *   spec.given([pastEvents]).when(command).then([newEvents])
 *   spec.given([pastEvents]).when(command).thenThrows(DomainError)
 * Works with any test runner: a failed expectation throws.
 */
export const DeciderSpecification = {
  for<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
    return {
      given(events: readonly Event[] = []) {
        return {
          when(command: Command) {
            const run = (): Event[] => {
              const state = foldEvents(decider, events);
              return decider.decide(command, state);
            };
            return {
              then(expected: readonly Event[] | ((events: Event[]) => void)): void {
                const actual = run();
                if (typeof expected === 'function') return expected(actual);
                if (!deepEqual(actual, expected)) {
                  throw new SpecificationError(
                    `Expected events:\n${show(expected)}\nbut got:\n${show(actual)}`,
                  );
                }
              },
              thenNothingHappens(): void {
                const actual = run();
                if (actual.length > 0)
                  throw new SpecificationError(`Expected no events, got:\n${show(actual)}`);
              },
              thenThrows(check?: ErrorCheck): void {
                let produced: Event[];
                try {
                  produced = run();
                } catch (error) {
                  if (!check) return;
                  const matches =
                    typeof check === 'object'
                      ? typeof error === 'object' &&
                        error !== null &&
                        (error as { code?: unknown }).code === check.code
                      : check.prototype instanceof Error || check === Error
                        ? error instanceof (check as new (...args: never[]) => Error)
                        : (check as (error: unknown) => boolean)(error);
                  if (!matches) throw new SpecificationError(`The error did not match: ${String(error)}`);
                  return;
                }
                throw new SpecificationError(
                  `Expected an error, but the decider produced:\n${show(produced)}`,
                );
              },
            };
          },
        };
      },
    };
  },
};
