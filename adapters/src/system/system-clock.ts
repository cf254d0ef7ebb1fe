import type { Clock } from '@scrivo/domain';

export const systemClock: Clock = { now: () => new Date() };
