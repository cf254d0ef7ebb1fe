import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { memo, useEffect, useRef, type MouseEvent } from 'react';
import type { TimedWord } from '../lib/active-word';
import { LOW_CONFIDENCE_TIP, segmentMarks } from '../lib/segment-marks';
import { formatClock } from '../lib/time';
import { SegmentBadges } from './segment-badges';

interface Props {
  segments: readonly TranscriptSegment[];
  /** The recording's main language: segments in another one get a badge. */
  mainLanguage: string;
  active: TimedWord | null;
  autoScroll: boolean;
  onSeek(seconds: number): void;
  /** The reader scrolled by hand: auto-scroll should stop following. */
  onManualScroll(): void;
}

/**
 * The transcript as segments of clickable words. Clicks are handled once on the container (a long transcript
 * has tens of thousands of words); keyboard users jump with the per-segment timestamp buttons.
 */
export function TranscriptView({
  segments,
  mainLanguage,
  active,
  autoScroll,
  onSeek,
  onManualScroll,
}: Props) {
  const container = useRef<HTMLDivElement>(null);

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
    onSeek(Number(target.dataset.start));
  };

  if (segments.length === 0) {
    return <p className="py-10 text-center text-slate-600">No speech was found in this recording.</p>;
  }
  return (
    <div ref={container} onClick={onClick} className="flex flex-col gap-5" data-testid="transcript">
      {segments.map((segment, index) => (
        <Segment
          key={segment.id}
          segment={segment}
          mainLanguage={mainLanguage}
          showSpeaker={!!segment.speaker && segment.speaker !== segments[index - 1]?.speaker}
          activeWord={active?.segment === index ? active.word : null}
          onSeek={onSeek}
        />
      ))}
    </div>
  );
}

const Segment = memo(function Segment({
  segment,
  mainLanguage,
  showSpeaker,
  activeWord,
  onSeek,
}: {
  segment: TranscriptSegment;
  mainLanguage: string;
  showSpeaker: boolean;
  /** Index of the word being spoken in this segment (-1 = the whole segment), null when elsewhere. */
  activeWord: number | null;
  onSeek(seconds: number): void;
}) {
  const marks = segmentMarks(segment, mainLanguage);
  return (
    <section
      className="grid grid-cols-[4.5rem_1fr] gap-x-3 sm:grid-cols-[5.5rem_1fr]"
      aria-label={`From ${formatClock(segment.start)}`}
    >
      <div className="flex flex-col items-start gap-1 pt-0.5">
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            onSeek(segment.start);
          }}
          className="rounded px-1 font-mono text-xs tabular-nums text-brand-700 hover:bg-brand-50 hover:underline"
          aria-label={`Play from ${formatClock(segment.start)}`}
        >
          {formatClock(segment.start)}
        </button>
        <SegmentBadges marks={marks} />
      </div>
      <div>
        {showSpeaker && <p className="mb-1 text-sm font-semibold text-slate-900">{segment.speaker}</p>}
        <p
          className={`leading-8 text-slate-800 ${activeWord === -1 ? 'rounded bg-brand-100' : ''} ${
            marks.lowConfidence ? 'underline decoration-amber-500 decoration-dotted underline-offset-4' : ''
          }`}
          lang={marks.language?.code.toLowerCase()}
          title={marks.lowConfidence && segment.words.length === 0 ? LOW_CONFIDENCE_TIP : undefined}
          data-low-confidence={marks.lowConfidence ? 'true' : undefined}
          data-active={activeWord === -1 ? 'true' : undefined}
          data-start={segment.words.length === 0 ? segment.start : undefined}
        >
          {segment.words.length === 0
            ? segment.text
            : segment.words.map((word, i) => (
                <span key={i}>
                  <span
                    data-start={word.start}
                    data-active={activeWord === i ? 'true' : undefined}
                    className={`cursor-pointer rounded px-0.5 transition-colors ${
                      activeWord === i ? 'bg-brand-600 text-white' : 'hover:bg-brand-50'
                    }`}
                    title={formatClock(word.start)}
                  >
                    {word.text}
                  </span>{' '}
                </span>
              ))}
        </p>
      </div>
    </section>
  );
});
