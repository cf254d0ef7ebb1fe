import type { Decider } from '../kernel/decider';
import type { SummarySettingsChanged } from './events';

export interface SummarySettings {
  readonly autoSummarize: boolean;
}

export type SummarySettingsCommand = {
  type: 'ChangeSummarySettings';
  userId: string;
  autoSummarize: boolean;
  now: string;
};

/** A user's summary settings: whether each finished transcript gets a summary without asking. */
export const summarySettingsDecider: Decider<
  SummarySettingsCommand,
  SummarySettingsChanged,
  SummarySettings
> = {
  initialState: () => ({ autoSummarize: false }),
  decide(command, state) {
    // Saying what is already so changes nothing.
    if (command.autoSummarize === state.autoSummarize) return [];
    return [
      {
        type: 'SummarySettingsChanged',
        data: { userId: command.userId, autoSummarize: command.autoSummarize, at: command.now },
      },
    ];
  },
  evolve: (_state, event) => ({ autoSummarize: event.data.autoSummarize }),
};
