import { describe, it } from 'vitest';
import { DeciderSpecification } from '../testing';
import { summarySettingsDecider } from './summary-settings.decider';

const now = '2026-03-01T10:00:00.000Z';

describe('summary settings', () => {
  const settings = DeciderSpecification.for(summarySettingsDecider);
  const turnOn = { type: 'ChangeSummarySettings', userId: 'u1', autoSummarize: true, now } as const;

  it('turns automatic summaries on', () =>
    settings
      .given([])
      .when(turnOn)
      .then([{ type: 'SummarySettingsChanged', data: { userId: 'u1', autoSummarize: true, at: now } }]));

  it('changes nothing when the setting already is so', () =>
    settings
      .given([{ type: 'SummarySettingsChanged', data: { userId: 'u1', autoSummarize: true, at: now } }])
      .when(turnOn)
      .thenNothingHappens());
});
