import { useId, useState } from 'react';

export interface AccordionItem {
  readonly question: string;
  readonly answer: string;
}

/** One item open at a time; pressing the open item's button closes it again. */
export function Accordion({
  items,
  initiallyOpen = null,
}: {
  items: readonly AccordionItem[];
  initiallyOpen?: number | null;
}) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  const baseId = useId();
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item, index) => {
        const expanded = open === index;
        const panelId = `${baseId}-panel-${index}`;
        const buttonId = `${baseId}-button-${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-slate-50"
              >
                <span>{item.question}</span>
                <span
                  aria-hidden="true"
                  className={`text-brand-600 transition ${expanded ? 'rotate-45' : ''}`}
                >
                  +
                </span>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-4 text-slate-700"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
