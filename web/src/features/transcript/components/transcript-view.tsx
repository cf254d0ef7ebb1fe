import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { memo, useEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { TimedWord } from '../lib/active-word';
import { type Paragraph, paragraphs } from '../lib/paragraphs';
import type { SearchMatch } from '../lib/search';
import { LOW_CONFIDENCE_TIP, segmentMarks } from '../lib/segment-marks';
import { formatClock } from '../../../lib/time';
import { SegmentBadges } from './segment-badges';
import { Button } from '../../../components/ui/button';

interface Props {
  segments: readonly TranscriptSegment[];
  /** The recording's main language: segments in another one get a badge. */
  mainLanguage: string;
  active: TimedWord | null;
  autoScroll: boolean;
  onSeek(seconds: number): void;
  /** A click on a word: play from there. */
  onPlayFrom(seconds: number): void;
  /** The reader scrolled by hand: auto-scroll should stop following. */
  onManualScroll(): void;
  /** Search results to highlight, and which one is shown (scrolled to). */
  matches?: readonly SearchMatch[];
  currentMatch?: number;
  /** The owner's highlighted and commented words ("segment:word" keys, see annotated-words.ts). */
  annotated?: ReadonlyMap<string, 'highlight' | 'comment'>;
}

/**
 * The transcript as paragraphs (a speaker's consecutive segments, one timestamp each) of clickable words: a click
 * plays from that word. Clicks are handled once on the container (a long transcript has tens of thousands of
 * words); keyboard users jump with the per-paragraph timestamp buttons.
 */
export function TranscriptView({
  segments,
  mainLanguage,
  active,
  autoScroll,
  onSeek,
  onPlayFrom,
  onManualScroll,
  matches = [],
  currentMatch = -1,
  annotated = NO_NOTES,
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => paragraphs(segments), [segments]);
  const matchKeys = useMemo(() => {
    const byParagraph = new Map<number, { words: Set<string>; current: Set<string> }>();
    const paragraphOf = (segment: number) => groups.findIndex((p) => segment >= p.first && segment <= p.last);
    matches.forEach((match, n) => {
      const at = paragraphOf(match.segment);
      const entry = byParagraph.get(at) ?? { words: new Set<string>(), current: new Set<string>() };
      for (let w = match.first; w <= match.last; w++) {
        entry.words.add(`${match.segment}:${w}`);
        if (n === currentMatch) entry.current.add(`${match.segment}:${w}`);
      }
      byParagraph.set(at, entry);
    });
    return byParagraph;
  }, [groups, matches, currentMatch]);
  const matchesIn = (paragraph: Paragraph) => matchKeys.get(groups.indexOf(paragraph)) ?? NO_MATCHES;

  useEffect(() => {
    if (currentMatch < 0) return;
    container.current
      ?.querySelector<HTMLElement>('[data-current-match="true"]')
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [currentMatch, matches]);

  useEffect(() => {
    if (!autoScroll || !active) return;
    const node = container.current?.querySelector<HTMLElement>('[data-active="true"]');
    if (!node) return;
    const rect = node.getBoundingClientRect();
    const margin = window.innerHeight * 0.25;
    // Only scroll when the word leaves the comfortable middle of the screen, so reading is not jumpy.
    if (rect.top < margin || rect.bottom > window.innerHeight - margin) {
      node.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  }, [active, autoScroll]);

  useEffect(() => {
    const stop = () => onManualScroll();
    const onKey = (event: KeyboardEvent) => {
      if (['PageUp', 'PageDown', 'Home', 'End'].includes(event.key)) onManualScroll();
    };
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', onKey);
    };
  }, [onManualScroll]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-start]');
    // A text selection is not a click on a word: let people copy passages.
    if (!target || window.getSelection()?.toString()) return;
    onPlayFrom(Number(target.dataset.start));
  };

  if (segments.length === 0) {
    return <p className="py-10 text-center text-slate-600">No speech was found in this recording.</p>;
  }
  return (
    <div ref={container} onClick={onClick} className="flex flex-col gap-5" data-testid="transcript">
      {groups.map((paragraph) => (
        <ParagraphView
          key={segments[paragraph.first]!.id}
          paragraph={paragraph}
          segments={segments}
          mainLanguage={mainLanguage}
          active={
            active && active.segment >= paragraph.first && active.segment <= paragraph.last ? active : null
          }
          matches={matchesIn(paragraph)}
          annotated={annotated}
          onSeek={onSeek}
        />
      ))}
    </div>
  );
}

/** Search matches, as word keys "segment:word" ("segment:-1" for a whole segment); `current` is the one shown. */
interface ParagraphMatches {
  readonly words: ReadonlySet<string>;
  readonly current: ReadonlySet<string>;
}
const NO_MATCHES: ParagraphMatches = { words: new Set(), current: new Set() };
const NO_NOTES: ReadonlyMap<string, 'highlight' | 'comment'> = new Map();

const ParagraphView = memo(function ParagraphView({
  paragraph,
  segments,
  mainLanguage,
  active,
  matches,
  annotated,
  onSeek,
}: {
  paragraph: Paragraph;
  segments: readonly TranscriptSegment[];
  mainLanguage: string;
  active: TimedWord | null;
  matches: ParagraphMatches;
  annotated: ReadonlyMap<string, 'highlight' | 'comment'>;
  onSeek(seconds: number): void;
}) {
  const parts = segments.slice(paragraph.first, paragraph.last + 1);
  return (
    <section
      className="grid grid-cols-[4.5rem_1fr] gap-x-3 sm:grid-cols-[5.5rem_1fr]"
      aria-label={`From ${formatClock(paragraph.start)}`}
    >
      <div className="pt-0.5">
        <Button
          variant="unstyled"
          onClick={(event) => {
            event.stopPropagation();
            onSeek(paragraph.start);
          }}
          className="rounded px-1 font-mono text-xs tabular-nums text-brand-700 hover:bg-brand-50 hover:underline"
          aria-label={`Play from ${formatClock(paragraph.start)}`}
        >
          {formatClock(paragraph.start)}
        </Button>
      </div>
      <div>
        {paragraph.speaker && (
          <p className="mb-1 text-sm font-semibold text-slate-900">{paragraph.speaker}</p>
        )}
        <p className="leading-8 text-slate-800">
          {parts.map((segment, offset) => {
            const index = paragraph.first + offset;
            return (
              <SegmentText
                key={segment.id}
                index={index}
                segment={segment}
                mainLanguage={mainLanguage}
                activeWord={active?.segment === index ? active.word : null}
                matches={matches}
                annotated={annotated}
              />
            );
          })}
        </p>
      </div>
    </section>
  );
});

const wordClass = (
  active: boolean,
  match: boolean,
  current: boolean,
  note: 'highlight' | 'comment' | undefined,
) =>
  // Highlights are drawn outside the word (-mx with px), so words keep normal text spacing.
  `-mx-0.5 cursor-pointer rounded px-0.5 transition-colors ${
    active
      ? 'bg-brand-600 text-white'
      : current
        ? 'bg-amber-400 text-slate-900'
        : match
          ? 'bg-yellow-200'
          : note === 'comment'
            ? 'bg-sky-100 underline decoration-sky-500 underline-offset-4'
            : note === 'highlight'
              ? 'bg-yellow-100'
              : 'hover:bg-brand-50'
  }`;

function SegmentText({
  index,
  segment,
  mainLanguage,
  activeWord,
  matches,
  annotated,
}: {
  index: number;
  segment: TranscriptSegment;
  mainLanguage: string;
  /** Index of the word being spoken in this segment (-1 = the whole segment), null when elsewhere. */
  activeWord: number | null;
  matches: ParagraphMatches;
  annotated: ReadonlyMap<string, 'highlight' | 'comment'>;
}) {
  const marks = segmentMarks(segment, mainLanguage);
  const whole = `${index}:-1`;
  return (
    <span
      data-segment={segment.id}
      className={`${marks.lowConfidence ? 'underline decoration-amber-500 decoration-dotted underline-offset-4' : ''}`}
      lang={marks.language?.code.toLowerCase()}
      title={marks.lowConfidence && segment.words.length === 0 ? LOW_CONFIDENCE_TIP : undefined}
      data-low-confidence={marks.lowConfidence ? 'true' : undefined}
    >
      <SegmentBadges marks={marks} />
      {segment.words.length === 0 ? (
        <span
          data-start={segment.start}
          data-word={`${index}:-1`}
          data-active={activeWord === -1 ? 'true' : undefined}
          data-match={matches.words.has(whole) ? 'true' : undefined}
          data-current-match={matches.current.has(whole) ? 'true' : undefined}
          data-note={annotated.get(whole)}
          className={wordClass(
            activeWord === -1,
            matches.words.has(whole),
            matches.current.has(whole),
            annotated.get(whole),
          )}
        >
          {segment.text.trim()}
        </span>
      ) : (
        segment.words.map((word, i) => {
          const key = `${index}:${i}`;
          return (
            <span key={i}>
              <span
                data-start={word.start}
                data-word={`${index}:${i}`}
                data-active={activeWord === i ? 'true' : undefined}
                data-match={matches.words.has(key) ? 'true' : undefined}
                data-current-match={matches.current.has(key) ? 'true' : undefined}
                data-note={annotated.get(key)}
                className={wordClass(
                  activeWord === i,
                  matches.words.has(key),
                  matches.current.has(key),
                  annotated.get(key),
                )}
                title={formatClock(word.start)}
              >
                {word.text.trim()}
              </span>{' '}
            </span>
          );
        })
      )}{' '}
    </span>
  );
}
