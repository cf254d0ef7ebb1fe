import type { RecordedEvent } from '../../kernel/events';
import type { Projection } from '../../projections/projection';
import type { ExtraMinutesReserved, MinutesReleased, MinutesReserved } from '../../recordings/events';

export const USER_USAGE_COLLECTION = 'usage';

/** Minutes a user has used in the current monthly period, for the assistant and the admin pane. */
export interface UserUsageDoc {
  readonly id: string;
  /** The usage period (YYYY-MM) the minutes belong to. */
  readonly period: string;
  readonly secondsUsed: number;
  readonly minutesUsed: number;
  /** Recordings already counted, so a replayed event is not counted twice. */
  readonly counted: readonly string[];
}

type UsageEvent = MinutesReserved | ExtraMinutesReserved | MinutesReleased;

/**
 * Folds the recordings feature's usage events into one document per user: reserved minutes add up within a
 * period, released ones (failed or cancelled transcriptions) are given back, a new period starts from zero.
 */
export const userUsageProjection: Projection = {
  name: 'chat.user-usage',
  collections: [USER_USAGE_COLLECTION],
  eventTypes: ['MinutesReserved', 'ExtraMinutesReserved', 'MinutesReleased'],
  async handle(raw: RecordedEvent, context) {
    const event = raw as RecordedEvent<UsageEvent>;
    const { userId, period, recordingId, seconds } = event.data;
    const current = await context.get<UserUsageDoc>(USER_USAGE_COLLECTION, userId);
    const base: UserUsageDoc =
      current && current.period >= period
        ? current
        : { id: userId, period, secondsUsed: 0, minutesUsed: 0, counted: [] };
    if (base.period !== period) return; // an event of an older period: the current one is what matters
    const key = `${event.type}:${recordingId}`;
    if (base.counted.includes(key)) return;
    const secondsUsed = Math.max(
      0,
      base.secondsUsed + (event.type === 'MinutesReleased' ? -seconds : seconds),
    );
    const next: UserUsageDoc = {
      ...base,
      secondsUsed,
      minutesUsed: Math.round((secondsUsed / 60) * 10) / 10,
      counted: [...base.counted, key],
    };
    context.upsert(USER_USAGE_COLLECTION, next);
  },
};
