import type { SummarySections, SummaryTemplateBody } from '@scrivo/contracts/summaries/summaries.contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { Checkbox, Input } from '../../../components/ui/input';

const SECTIONS: { key: keyof SummarySections; label: string; example: string }[] = [
  { key: 'keyPoints', label: 'Key points', example: 'Key points' },
  { key: 'decisions', label: 'Decisions', example: 'Decisions' },
  { key: 'actionItems', label: 'Action items (with who does them)', example: 'Action items' },
  { key: 'chapters', label: 'Chapters (times you can click)', example: 'Chapters' },
];

export const EMPTY_TEMPLATE: SummaryTemplateBody = {
  name: '',
  instructions: '',
  sections: {
    keyPoints: 'Key points',
    decisions: 'Decisions',
    actionItems: 'Action items',
    chapters: 'Chapters',
  },
};

/** A template as a form: its name, what the model should look for, and which sections it keeps under which heading. */
export function TemplateForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: SummaryTemplateBody;
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: SummaryTemplateBody) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [template, setTemplate] = useState(initial);
  const setSection = (key: keyof SummarySections, heading: string | null) =>
    setTemplate({ ...template, sections: { ...template.sections, [key]: heading } });
  return (
    <form
      className="space-y-4"
      aria-label="Summary template"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(template);
      }}
    >
      <Field
        label="Name"
        required
        maxLength={60}
        value={template.name}
        onChange={(e) => setTemplate({ ...template, name: e.currentTarget.value })}
      />
      <div className="space-y-1.5">
        <label htmlFor={`${id}-instructions`} className="block text-sm font-medium text-slate-700">
          What the summary should look for
        </label>
        <textarea
          id={`${id}-instructions`}
          rows={4}
          maxLength={1000}
          value={template.instructions}
          placeholder="This is a weekly client call. Key points are what the client asked for and any dates they gave."
          onChange={(e) => setTemplate({ ...template, instructions: e.currentTarget.value })}
          className={inputClass()}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">
          Sections (the overview is always written)
        </legend>
        {SECTIONS.map(({ key, label, example }) => {
          const heading = template.sections[key];
          return (
            <div key={key} className="flex flex-wrap items-center gap-3">
              <label className="flex w-64 items-center gap-2 text-sm text-slate-700">
                <Checkbox
                  className="accent-brand-600"
                  checked={heading !== null}
                  onChange={(e) => setSection(key, e.currentTarget.checked ? example : null)}
                />
                {label}
              </label>
              {heading !== null && (
                <Input
                  aria-label={`Heading for ${label}`}
                  maxLength={40}
                  value={heading}
                  onChange={(e) => setSection(key, e.currentTarget.value)}
                  className={`${inputClass()} max-w-xs py-1.5`}
                />
              )}
            </div>
          );
        })}
      </fieldset>
      <div className="flex gap-3">
        <Button type="submit" size="compact" className="w-auto" busy={busy} busyLabel="Saving…">
          {submitLabel}
        </Button>
        <Button type="button" variant="secondary" size="compact" className="w-auto" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
