import type { SummaryContent, SummarySections } from '@scrivo/contracts/summaries/summaries.contract';
import { formatClock } from '../../../lib/time';
import { Button } from '../../../components/ui/button';

/** A time that seeks the player to where the point was said. */
function At({ seconds, onSeek }: { seconds: number; onSeek: (s: number) => void }) {
  return (
    <Button
      variant="unstyled"
      onClick={() => onSeek(seconds)}
      className="ml-2 rounded px-1 font-mono text-xs text-brand-700 hover:bg-brand-50"
      aria-label={`Play from ${formatClock(seconds)}`}
    >
      {formatClock(seconds)}
    </Button>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h3 className="mb-1 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {children}
    </section>
  );
}

/** The summary as written, under its template's headings: every point and chapter links to its moment. */
export function SummaryView({
  content,
  sections,
  onSeek,
}: {
  content: SummaryContent;
  sections: SummarySections;
  onSeek: (s: number) => void;
}) {
  const points = (items: SummaryContent['keyPoints']) => (
    <ul className="list-disc space-y-1 pl-5 text-slate-800">
      {items.map((p, i) => (
        <li key={i}>
          {p.text}
          <At seconds={p.at} onSeek={onSeek} />
        </li>
      ))}
    </ul>
  );
  return (
    <div className="flex flex-col gap-5" data-testid="summary">
      {content.overview && (
        <Section title="Overview">
          <p className="text-slate-800" data-testid="summary-overview">
            {content.overview}
          </p>
        </Section>
      )}
      {sections.chapters && content.chapters.length > 0 && (
        <Section title={sections.chapters}>
          <ol className="flex flex-col gap-1" data-testid="summary-chapters">
            {content.chapters.map((c, i) => (
              <li key={i}>
                <Button
                  variant="unstyled"
                  onClick={() => onSeek(c.start)}
                  className="flex w-full items-baseline gap-3 rounded-lg px-2 py-1 text-left hover:bg-slate-50"
                >
                  <span className="font-mono text-xs text-brand-700">{formatClock(c.start)}</span>
                  <span className="text-slate-900">{c.title}</span>
                </Button>
              </li>
            ))}
          </ol>
        </Section>
      )}
      {sections.keyPoints && content.keyPoints.length > 0 && (
        <Section title={sections.keyPoints}>{points(content.keyPoints)}</Section>
      )}
      {sections.decisions && content.decisions.length > 0 && (
        <Section title={sections.decisions}>{points(content.decisions)}</Section>
      )}
      {sections.actionItems && content.actionItems.length > 0 && (
        <Section title={sections.actionItems}>
          <ul className="space-y-1 text-slate-800">
            {content.actionItems.map((a, i) => (
              <li key={i} className="flex gap-2">
                <span aria-hidden="true">☐</span>
                <span>
                  {a.owner && <strong className="font-semibold">{a.owner}: </strong>}
                  {a.text}
                  <At seconds={a.at} onSeek={onSeek} />
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
