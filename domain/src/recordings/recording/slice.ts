import type { DomainEvent } from '../../kernel/events';

/**
 * A small capability of the recording written as one vertical slice (Emmett's decide/evolve per command): its
 * command, its events, the state fields it reads, its rule and its step of `evolve`, in one file. Registered in
 * `slices.ts`, a slice joins the aggregate's command and event unions, its state, `evolve`, the list of event
 * names the projections follow and the audit's secret table, so none of those files changes for it.
 */

/** What every slice may read of the recording beside its own fields. */
export interface RecordingBasics {
  readonly id: string;
  /** Set while the recording is in the bin (restorable until then). */
  readonly deleted: { readonly restorableUntil: string } | null;
}

interface Named {
  readonly type: string;
}

/** Per event name, the fields of its data that hold a secret (see `audit/secrets.ts`); most have none. */
export type SecretsOf<E extends DomainEvent> = {
  readonly [T in E['type']]: readonly Extract<keyof Extract<E, { type: T }>['data'], string>[];
};

export interface RecordingSlice<C extends Named, E extends DomainEvent, F extends object> {
  readonly commands: readonly C['type'][];
  readonly eventTypes: readonly E['type'][];
  readonly secrets: SecretsOf<E>;
  /** Its state fields before the recording's first event. */
  readonly initialState: F;
  /** The rule. It sees the recording unerased; a slice that refuses deleted recordings says so itself. */
  readonly decide: (command: C, state: RecordingBasics & F) => E[];
  /** Its state fields after one of its events. */
  readonly evolve: (state: F, event: E) => F;
}

/** Every registered slice as one: what the aggregate's files derive their unions and steps from. */
export interface RecordingSlices<C extends Named, E extends DomainEvent, F extends object> {
  readonly eventTypes: readonly E['type'][];
  readonly secrets: SecretsOf<E>;
  readonly initialState: () => F;
  readonly decide: (command: C, state: RecordingBasics & F) => E[];
  readonly evolve: (state: F, event: E) => F;
  readonly with: <C2 extends Named, E2 extends DomainEvent, F2 extends object>(
    slice: RecordingSlice<C2, E2, F2>,
  ) => RecordingSlices<C | C2, E | E2, F & F2>;
}

export type SliceCommandOf<S> = S extends RecordingSlices<infer C, infer _E, infer _F> ? C : never;
export type SliceEventOf<S> = S extends RecordingSlices<infer _C, infer E, infer _F> ? E : never;
export type SliceStateOf<S> = S extends RecordingSlices<infer _C, infer _E, infer F> ? F : never;

const setOf = <C extends Named, E extends DomainEvent, F extends object>(
  parts: Omit<RecordingSlices<C, E, F>, 'with'>,
): RecordingSlices<C, E, F> => {
  const set: RecordingSlices<C, E, F> = { ...parts, with: (slice) => combined(set, slice) };
  return set;
};

const combined = <
  C extends Named,
  E extends DomainEvent,
  F extends object,
  C2 extends Named,
  E2 extends DomainEvent,
  F2 extends object,
>(
  set: RecordingSlices<C, E, F>,
  slice: RecordingSlice<C2, E2, F2>,
): RecordingSlices<C | C2, E | E2, F & F2> => {
  const commands: readonly string[] = slice.commands;
  const events: readonly string[] = slice.eventTypes;
  const isSliceCommand = (command: C | C2): command is C2 => commands.includes(command.type);
  const isSliceEvent = (event: E | E2): event is E2 => events.includes(event.type);
  return setOf<C | C2, E | E2, F & F2>({
    eventTypes: [...set.eventTypes, ...slice.eventTypes],
    secrets: { ...set.secrets, ...slice.secrets },
    initialState: () => ({ ...set.initialState(), ...slice.initialState }),
    decide: (command, state) =>
      isSliceCommand(command) ? slice.decide(command, state) : set.decide(command, state),
    evolve: (state, event) =>
      isSliceEvent(event)
        ? { ...state, ...slice.evolve(state, event) }
        : { ...state, ...set.evolve(state, event) },
  });
};

/** No slice yet: `noSlices.with(a).with(b)` registers them. */
export const noSlices: RecordingSlices<never, never, Record<never, never>> = setOf({
  eventTypes: [],
  secrets: {},
  initialState: () => ({}),
  decide: (command) => command,
  evolve: (state) => state,
});
