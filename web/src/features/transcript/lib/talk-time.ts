import type { SpeakerTurn } from '@scrivo/contracts/recordings/recordings.contract';

export interface TalkTime {
  readonly speaker: string;
  /** Seconds this person speaks, the time they talk over someone included. */
  readonly seconds: number;
  /** 0..1 of the time anyone speaks: with overlap counted for both, the shares add up to more than 1. */
  readonly share: number;
}

/** The seconds covered by some of `spans`, each moment counted once. */
const covered = (spans: readonly { start: number; end: number }[]): number => {
  let total = 0;
  let reach = -Infinity;
  for (const { start, end } of [...spans].sort((a, b) => a.start - b.start)) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total;
};

/** Each person's talk time, in the order they are first heard (the order of the lanes). */
export const talkTimes = (timeline: readonly SpeakerTurn[]): TalkTime[] => {
  const bySpeaker = new Map<string, SpeakerTurn[]>();
  for (const turn of [...timeline].sort((a, b) => a.start - b.start)) {
    const own = bySpeaker.get(turn.speaker) ?? [];
    own.push(turn);
    bySpeaker.set(turn.speaker, own);
  }
  const anyone = covered(timeline);
  return [...bySpeaker].map(([speaker, turns]) => {
    const seconds = covered(turns);
    return { speaker, seconds, share: anyone > 0 ? seconds / anyone : 0 };
  });
};

/** 252.4 -> "4 min 12 s", 38 -> "38 s", 3725 -> "1 h 2 min": a talk time at a glance. */
export const formatTalkTime = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
};

/** A share as a whole percentage; a voice heard at all never reads 0 %. */
export const formatShare = (share: number): string =>
  share > 0 && share < 0.005 ? '<1 %' : `${Math.round(share * 100)} %`;
