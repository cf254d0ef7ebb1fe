import type { SummaryContent, SummarySections } from '@scrivo/contracts/summaries/summaries.contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

type PointList = 'keyPoints' | 'decisions';

const input =
  'w-full rounded-md border border-slate-300 px-2 py-1 text-sm focus:border-brand-600 focus:outline-none';

/** The summary as a form: every text editable, items removable; each change goes to autosave. */
export function SummaryEditor({
  initial,
  sections,
  onChange,
}: {
  initial: SummaryContent;
  /** The template's headings; a section it leaves out is not offered. */
  sections: SummarySections;
  onChange: (content: SummaryContent) => void;
}) {
  const [content, setContent] = useState(initial);
  const update = (next: SummaryContent) => {
    setContent(next);
    onChange(next);
  };
  const points = (list: PointList, title: string) => (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{title}</legend>
      {content[list].map((point, i) => (
        <div key={i} className="flex items-start gap-2">
          <Input
            aria-label={`${title} ${i + 1}`}
            className={input}
            value={point.text}
            onChange={(e) =>
              update({
                ...content,
                [list]: content[list].map((p, j) => (j === i ? { ...p, text: e.currentTarget.value } : p)),
              })
            }
          />
          <RemoveButton
            label={`Remove ${title.toLowerCase()} ${i + 1}`}
            onClick={() => update({ ...content, [list]: content[list].filter((_, j) => j !== i) })}
          />
        </div>
      ))}
    </fieldset>
  );
  return (
    <div className="flex flex-col gap-4" data-testid="summary-editor">
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold text-slate-900">Overview</span>
        <textarea
          className={`${input} min-h-24`}
          value={content.overview}
          onChange={(e) => update({ ...content, overview: e.currentTarget.value })}
        />
      </label>
      {sections.keyPoints && points('keyPoints', sections.keyPoints)}
      {sections.decisions && points('decisions', sections.decisions)}
      {sections.actionItems && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{sections.actionItems}</legend>
          {content.actionItems.map((item, i) => (
            <div key={i} className="flex items-start gap-2">
              <Input
                aria-label={`Owner of action item ${i + 1}`}
                placeholder="Who"
                className={`${input} w-32 shrink-0`}
                value={item.owner ?? ''}
                onChange={(e) => {
                  const owner = e.currentTarget.value;
                  update({
                    ...content,
                    actionItems: content.actionItems.map((a, j) =>
                      j === i ? { ...a, owner: owner.trim() ? owner : null } : a,
                    ),
                  });
                }}
              />
              <Input
                aria-label={`Action item ${i + 1}`}
                className={input}
                value={item.text}
                onChange={(e) =>
                  update({
                    ...content,
                    actionItems: content.actionItems.map((a, j) =>
                      j === i ? { ...a, text: e.currentTarget.value } : a,
                    ),
                  })
                }
              />
              <RemoveButton
                label={`Remove action item ${i + 1}`}
                onClick={() =>
                  update({ ...content, actionItems: content.actionItems.filter((_, j) => j !== i) })
                }
              />
            </div>
          ))}
        </fieldset>
      )}
      {sections.chapters && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{sections.chapters}</legend>
          {content.chapters.map((chapter, i) => (
            <div key={i} className="flex items-start gap-2">
              <Input
                aria-label={`Chapter ${i + 1}`}
                className={input}
                value={chapter.title}
                onChange={(e) =>
                  update({
                    ...content,
                    chapters: content.chapters.map((c, j) =>
                      j === i ? { ...c, title: e.currentTarget.value } : c,
                    ),
                  })
                }
              />
              <RemoveButton
                label={`Remove chapter ${i + 1}`}
                onClick={() => update({ ...content, chapters: content.chapters.filter((_, j) => j !== i) })}
              />
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="unstyled"
      aria-label={label}
      onClick={onClick}
      className="rounded-md px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
    >
      ×
    </Button>
  );
}
