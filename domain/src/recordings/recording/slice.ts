import type { DomainEvent } from '../../kernel/events';
import type { SortKey } from '../../ports/read-model-store';

/**
 * A small capability of the recording written as one vertical slice (Emmett's decide/evolve per command): its
 * command, its events, the state fields it reads, its rule and its step of `evolve`, in one file. Registered in
 * `slices.ts`, a slice joins the aggregate's command and event unions, its state, `evolve`, the list of event
 * names the projections follow and the audit's secret table, so none of those files changes for it.
 */

/** What every slice may read of the recording beside its own fields. */
interface RecordingBasics {
  readonly id: string;
  /** Who uploaded it: the one person some commands are for. */
  readonly ownerId: string | null;
  /** Set while the recording is in the bin (restorable until then). */
  readonly deleted: { readonly restorableUntil: string } | null;
}

interface Named {
  readonly type: string;
}

/** Per event name, the fields of its data that hold a secret (see `audit/secrets.ts`); most have none. */
type SecretsOf<E extends DomainEvent> = {
  readonly [T in E['type']]: readonly Extract<keyof Extract<E, { type: T }>['data'], string>[];
};

/** What a slice adds to the library document (`projections/recordings.projection.ts`). */
interface LibraryPart<E extends DomainEvent, D extends object> {
  /** Its fields on a new recording's document. */
  readonly initial: D;
  /** Its fields after one of its events. */
  readonly evolve: (doc: D, event: E) => D;
  /** Sort keys over its fields that lead the library list, before the order the user chose. */
  readonly order: readonly SortKey[];
}

export interface RecordingSlice<C extends Named, E extends DomainEvent, F extends object, D extends object> {
  readonly commands: readonly C['type'][];
  readonly eventTypes: readonly E['type'][];
  readonly secrets: SecretsOf<E>;
  /** Its state fields before the recording's first event. */
  readonly initialState: F;
  /** The rule. It sees the recording unerased; a slice that refuses deleted recordings says so itself. */
  readonly decide: (command: C, state: RecordingBasics & F) => E[];
  /** Its state fields after one of its events. */
  readonly evolve: (state: F, event: E) => F;
  readonly library: LibraryPart<E, D>;
}

/** Every registered slice as one: what the aggregate's files and the library projection derive theirs from. */
export interface RecordingSlices<C extends Named, E extends DomainEvent, F extends object, D extends object> {
  readonly eventTypes: readonly E['type'][];
  readonly secrets: SecretsOf<E>;
  readonly initialState: () => F;
  readonly decide: (command: C, state: RecordingBasics & F) => E[];
  readonly evolve: (state: F, event: E) => F;
  readonly library: LibraryPart<E, D>;
  readonly with: <C2 extends Named, E2 extends DomainEvent, F2 extends object, D2 extends object>(
    slice: RecordingSlice<C2, E2, F2, D2>,
  ) => RecordingSlices<C | C2, E | E2, F & F2, D & D2>;
}

export type SliceCommandOf<S> = S extends RecordingSlices<infer C, infer _E, infer _F, infer _D> ? C : never;
export type SliceEventOf<S> = S extends RecordingSlices<infer _C, infer E, infer _F, infer _D> ? E : never;
export type SliceStateOf<S> = S extends RecordingSlices<infer _C, infer _E, infer F, infer _D> ? F : never;
export type SliceDocOf<S> = S extends RecordingSlices<infer _C, infer _E, infer _F, infer D> ? D : never;

const setOf = <C extends Named, E extends DomainEvent, F extends object, D extends object>(
  parts: Omit<RecordingSlices<C, E, F, D>, 'with'>,
): RecordingSlices<C, E, F, D> => {
  const set: RecordingSlices<C, E, F, D> = { ...parts, with: (slice) => combined(set, slice) };
  return set;
};

const combined = <
  C extends Named,
  E extends DomainEvent,
  F extends object,
  D extends object,
  C2 extends Named,
  E2 extends DomainEvent,
  F2 extends object,
  D2 extends object,
>(
  set: RecordingSlices<C, E, F, D>,
  slice: RecordingSlice<C2, E2, F2, D2>,
): RecordingSlices<C | C2, E | E2, F & F2, D & D2> => {
  const commands: readonly string[] = slice.commands;
  const events: readonly string[] = slice.eventTypes;
  const isSliceCommand = (command: C | C2): command is C2 => commands.includes(command.type);
  const isSliceEvent = (event: E | E2): event is E2 => events.includes(event.type);
  return setOf<C | C2, E | E2, F & F2, D & D2>({
    eventTypes: [...set.eventTypes, ...slice.eventTypes],
    secrets: { ...set.secrets, ...slice.secrets },
    initialState: () => ({ ...set.initialState(), ...slice.initialState }),
    decide: (command, state) =>
      isSliceCommand(command) ? slice.decide(command, state) : set.decide(command, state),
    evolve: (state, event) =>
      isSliceEvent(event)
        ? { ...state, ...slice.evolve(state, event) }
        : { ...state, ...set.evolve(state, event) },
    library: {
      initial: { ...set.library.initial, ...slice.library.initial },
      evolve: (doc, event) =>
        isSliceEvent(event)
          ? { ...doc, ...slice.library.evolve(doc, event) }
          : { ...doc, ...set.library.evolve(doc, event) },
      order: [...set.library.order, ...slice.library.order],
    },
  });
};

/** No slice yet: `emptySliceList.with(a).with(b)` registers them. */
export const emptySliceList: RecordingSlices<
  never,
  never,
  Record<never, never>,
  Record<never, never>
> = setOf({
  eventTypes: [],
  secrets: {},
  initialState: () => ({}),
  decide: (command) => command,
  evolve: (state) => state,
  library: { initial: {}, evolve: (doc) => doc, order: [] },
});
