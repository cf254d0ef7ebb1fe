import type { SpeakerTurn } from '@scrivo/contracts/recordings/recordings.contract';
import { memo, useMemo, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { formatClock, spokenDuration } from '../../../lib/time';
import { formatShare, formatTalkTime, talkTimes } from '../lib/talk-time';

/** One colour per lane, in lane order (colour-blind safe pairs first); a bar's name is in its label too. */
const COLOURS = [
  'bg-sky-600',
  'bg-amber-500',
  'bg-emerald-600',
  'bg-fuchsia-600',
  'bg-rose-600',
  'bg-indigo-600',
  'bg-lime-600',
  'bg-orange-600',
];

interface Props {
  readonly timeline: readonly SpeakerTurn[];
  readonly durationSeconds: number;
  readonly currentTime: number;
  readonly onSeek: (seconds: number) => void;
}

/** Arrow keys move between a lane's bars (one tab stop per lane), Home and End to its first and last. */
const moveFocus = (event: KeyboardEvent<HTMLButtonElement>) => {
  const bars = [...(event.currentTarget.parentElement?.querySelectorAll('button') ?? [])];
  const at = bars.indexOf(event.currentTarget);
  const to =
    event.key === 'ArrowRight' || event.key === 'ArrowDown'
      ? at + 1
      : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? at - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? bars.length - 1
            : null;
  if (to === null) return;
  // Handled here: the player's own arrow shortcuts must not also skip.
  event.preventDefault();
  const next = bars[Math.max(0, Math.min(bars.length - 1, to))];
  if (!next) return;
  for (const bar of bars) bar.tabIndex = bar === next ? 0 : -1;
  next.focus();
};

const place = (seconds: number, length: number) =>
  `${(Math.min(Math.max(seconds, 0), length) / length) * 100}%`;

interface BarsProps {
  readonly speaker: string;
  readonly turns: readonly SpeakerTurn[];
  readonly colour: string;
  readonly length: number;
  readonly onSeek: (seconds: number) => void;
}

/** A lane's bars: kept out of the playhead's renders, many times a second, for a recording of a thousand turns. */
const LaneBars = memo(function LaneBars({ speaker, turns, colour, length, onSeek }: BarsProps) {
  return turns.map((turn, i) => (
    <Button
      variant="unstyled"
      key={`${turn.start}-${turn.end}`}
      tabIndex={i === 0 ? 0 : -1}
      aria-label={`${speaker}, ${formatClock(turn.start)} to ${formatClock(turn.end)}: play from here`}
      title={`${speaker} · ${formatClock(turn.start)}–${formatClock(turn.end)}`}
      onClick={() => onSeek(turn.start)}
      onKeyDown={moveFocus}
      data-start={turn.start}
      data-end={turn.end}
      // A turn of a few hundredths still shows, and can still be clicked.
      style={{
        left: place(turn.start, length),
        width: `max(3px, calc(${place(turn.end, length)} - ${place(turn.start, length)}))`,
      }}
      className={`absolute inset-y-0 rounded-sm ${colour} hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-slate-900`}
    />
  ));
});

/**
 * Who speaks when, under the player: one lane per person with coloured bars where they speak (two lanes lit at
 * once where two people talk over each other) and each one's talk time. A bar plays from where that turn starts.
 */
export function SpeakerLanes({ timeline, durationSeconds, currentTime, onSeek }: Props) {
  const [open, setOpen] = useState(true);
  const lanes = useMemo(
    () =>
      talkTimes(timeline).map((person) => ({
        ...person,
        turns: timeline.filter((t) => t.speaker === person.speaker),
      })),
    [timeline],
  );
  const length = useMemo(
    () => timeline.reduce((longest, t) => Math.max(longest, t.end), Math.max(durationSeconds, 0.01)),
    [timeline, durationSeconds],
  );
  if (lanes.length < 2) return null;

  return (
    <section
      aria-labelledby="speaker-lanes-title"
      className="rounded-xl border border-slate-200 bg-white px-4 py-3"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="speaker-lanes-title" className="text-sm font-semibold text-slate-900">
          Who speaks when
        </h2>
        <Button
          variant="link"
          aria-expanded={open}
          aria-controls="speaker-lanes"
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      </div>
      {open && (
        <ul id="speaker-lanes" className="mt-2 flex flex-col gap-2">
          {lanes.map((person, lane) => {
            const talk = `${formatTalkTime(person.seconds)} · ${formatShare(person.share)}`;
            return (
              <li
                key={person.speaker}
                className="grid grid-cols-1 gap-1 sm:grid-cols-[12rem_1fr] sm:items-center sm:gap-3"
                data-testid="speaker-lane"
              >
                <p className="min-w-0 text-sm">
                  <span className="block truncate font-medium text-slate-900">{person.speaker}</span>
                  <span className="text-slate-600" data-testid="talk-time">
                    {talk}
                  </span>
                </p>
                <div
                  role="group"
                  aria-label={`${person.speaker}: speaks ${spokenDuration(person.seconds)}, ${formatShare(person.share)} of the time anyone speaks`}
                  className="relative h-6 rounded bg-slate-100"
                >
                  <LaneBars
                    speaker={person.speaker}
                    turns={person.turns}
                    colour={COLOURS[lane % COLOURS.length]!}
                    length={length}
                    onSeek={onSeek}
                  />
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-y-[-2px] w-0.5 bg-slate-900"
                    style={{ left: place(currentTime, length) }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
