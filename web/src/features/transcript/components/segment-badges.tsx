import { LOW_CONFIDENCE_TIP, type SegmentMarks } from '../lib/segment-marks';

/** The small marks before a segment's words: its language when not the main one, and low confidence. */
export function SegmentBadges({ marks }: { marks: SegmentMarks }) {
  if (!marks.language && !marks.lowConfidence) return null;
  return (
    <span className="mr-1 inline-flex items-center gap-1 align-middle">
      {marks.language && (
        <span
          className="rounded bg-slate-100 px-1 text-[10px] font-semibold leading-4 text-slate-700 ring-1 ring-slate-300"
          title={`Spoken in ${marks.language.name}`}
          aria-label={`Spoken in ${marks.language.name}`}
          data-testid="segment-language"
        >
          {marks.language.code}
        </span>
      )}
      {marks.lowConfidence && (
        <span
          className="rounded bg-amber-100 px-1 text-[10px] font-semibold leading-4 text-amber-900 ring-1 ring-amber-300"
          title={LOW_CONFIDENCE_TIP}
          aria-label={LOW_CONFIDENCE_TIP}
          data-testid="segment-low-confidence"
        >
          ?
        </span>
      )}
    </span>
  );
}
