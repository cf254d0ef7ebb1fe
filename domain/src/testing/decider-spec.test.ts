import { describe, expect, it } from 'vitest';
import type { Decider } from '../kernel/decider';
import { DomainError, NotFoundError } from '../kernel/errors';
import { DeciderSpecification, SpecificationError } from './decider-spec';

// A tiny decider to specify the specification helper with: a recording that can be started and renamed.
type RecordingEvent =
  | { type: 'RecordingStarted'; data: { recordingId: string; title: string } }
  | { type: 'RecordingRenamed'; data: { title: string } };
type RecordingCommand =
  | { type: 'StartRecording'; data: { recordingId: string; title: string } }
  | { type: 'RenameRecording'; data: { title: string } };
type RecordingState = { status: 'none' } | { status: 'started'; title: string };

const recording: Decider<RecordingCommand, RecordingEvent, RecordingState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'RecordingStarted':
      case 'RecordingRenamed':
        return { status: 'started', title: event.data.title };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'StartRecording':
        if (state.status !== 'none')
          throw new DomainError('RECORDING_EXISTS', 'The recording already exists');
        return [{ type: 'RecordingStarted', data: command.data }];
      case 'RenameRecording':
        if (state.status === 'none') throw new NotFoundError('Recording', 'unknown');
        if (command.data.title.trim() === '') throw new DomainError('INVALID_TITLE', 'A title is required');
        if (state.title === command.data.title) return [];
        return [{ type: 'RecordingRenamed', data: { title: command.data.title } }];
    }
  },
};

const spec = DeciderSpecification.for(recording);
const started: RecordingEvent = { type: 'RecordingStarted', data: { recordingId: 'r1', title: 'Standup' } };

describe('DeciderSpecification', () => {
  describe('then', () => {
    it('passes when the decider produces exactly the expected events', () => {
      spec
        .given([])
        .when({ type: 'StartRecording', data: { recordingId: 'r1', title: 'Standup' } })
        .then([started]);
    });

    it('folds the given events into state before deciding', () => {
      spec
        .given([started, { type: 'RecordingRenamed', data: { title: 'Retro' } }])
        .when({ type: 'RenameRecording', data: { title: 'Planning' } })
        .then([{ type: 'RecordingRenamed', data: { title: 'Planning' } }]);
    });

    it('fails with the expected and the actual events when they differ', () => {
      const run = () =>
        spec
          .given([started])
          .when({ type: 'RenameRecording', data: { title: 'Retro' } })
          .then([{ type: 'RecordingRenamed', data: { title: 'Planning' } }]);
      expect(run).toThrow(SpecificationError);
      expect(run).toThrow(/Expected events:[\s\S]*Planning[\s\S]*but got:[\s\S]*Retro/);
    });

    it('accepts a function for assertions of its own', () => {
      spec
        .given([started])
        .when({ type: 'RenameRecording', data: { title: 'Retro' } })
        .then((events) => expect(events).toHaveLength(1));
    });
  });

  describe('thenNothingHappens', () => {
    it('passes when the decider produces no events (renaming to the same title)', () => {
      spec
        .given([started])
        .when({ type: 'RenameRecording', data: { title: 'Standup' } })
        .thenNothingHappens();
    });

    it('fails when the decider produces events', () => {
      expect(() =>
        spec
          .given([started])
          .when({ type: 'RenameRecording', data: { title: 'Retro' } })
          .thenNothingHappens(),
      ).toThrow(SpecificationError);
    });
  });

  describe('thenThrows', () => {
    const renameMissing = () => spec.given([]).when({ type: 'RenameRecording', data: { title: 'Retro' } });

    it('matches an error class (subclasses included)', () => {
      renameMissing().thenThrows(NotFoundError);
      renameMissing().thenThrows(DomainError);
    });

    it('matches a stable error code', () => {
      spec
        .given([started])
        .when({ type: 'StartRecording', data: { recordingId: 'r1', title: 'Again' } })
        .thenThrows({ code: 'RECORDING_EXISTS' });
    });

    it('matches a predicate', () => {
      spec
        .given([started])
        .when({ type: 'RenameRecording', data: { title: ' ' } })
        .thenThrows((error) => error instanceof DomainError && error.code === 'INVALID_TITLE');
    });

    it('accepts any error when no check is given', () => {
      renameMissing().thenThrows();
    });

    it('fails when the error does not match', () => {
      expect(() => renameMissing().thenThrows({ code: 'RECORDING_EXISTS' })).toThrow(SpecificationError);
      expect(() => renameMissing().thenThrows(TypeError)).toThrow(/did not match/);
    });

    it('fails, showing the events, when the decider does not throw', () => {
      expect(() =>
        spec
          .given([started])
          .when({ type: 'RenameRecording', data: { title: 'Retro' } })
          .thenThrows(DomainError),
      ).toThrow(/Expected an error, but the decider produced:[\s\S]*Retro/);
    });
  });

  it('works with a decider written as a class (evolve keeps its `this`)', () => {
    class Counter implements Decider<
      { type: 'Increment' },
      { type: 'Incremented'; data: { to: number } },
      number
    > {
      private readonly step = 1;
      initialState() {
        return 0;
      }
      evolve(_state: number, event: { type: 'Incremented'; data: { to: number } }) {
        return event.data.to * this.step;
      }
      decide(_command: { type: 'Increment' }, state: number) {
        return [{ type: 'Incremented' as const, data: { to: state + this.step } }];
      }
    }
    DeciderSpecification.for(new Counter())
      .given([{ type: 'Incremented', data: { to: 1 } }])
      .when({ type: 'Increment' })
      .then([{ type: 'Incremented', data: { to: 2 } }]);
  });
});
