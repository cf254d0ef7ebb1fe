import type { SummaryTemplate } from '@scrivo/contracts/summaries/summaries.contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/error-message';
import {
  useChangeSummaryTemplate,
  useCreateSummaryTemplate,
  useRemoveSummaryTemplate,
  useSummaryTemplates,
} from '../api/summary-templates';
import { EMPTY_TEMPLATE, TemplateForm } from './template-form';

const bodyOf = ({ name, instructions, sections }: SummaryTemplate) => ({ name, instructions, sections });

type Editing =
  { kind: 'new'; from: SummaryTemplate | null } | { kind: 'change'; template: SummaryTemplate } | null;

const sectionList = (template: SummaryTemplate) =>
  [
    template.sections.keyPoints,
    template.sections.decisions,
    template.sections.actionItems,
    template.sections.chapters,
  ]
    .filter((heading): heading is string => heading !== null)
    .join(' · ');

/** /summary-templates: what a summary can be written for, the built-in kinds and the account's own. */
export function SummaryTemplatesPage() {
  const templates = useSummaryTemplates();
  const create = useCreateSummaryTemplate();
  const change = useChangeSummaryTemplate();
  const remove = useRemoveSummaryTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const failure = create.error ?? change.error ?? remove.error ?? templates.error;

  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Summary templates</h1>
      <p className="text-sm text-slate-700">
        A template says what a summary is for: what the model looks for in the transcript and which sections
        the summary has. Pick one when you summarize a recording; Meeting is the default. Copy a built-in
        template to make it your own.
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(failure)}
        </p>
      ) : null}
      {editing ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-6">
          <TemplateForm
            initial={
              editing.kind === 'change'
                ? bodyOf(editing.template)
                : editing.from
                  ? { ...bodyOf(editing.from), name: `${editing.from.name} (mine)` }
                  : EMPTY_TEMPLATE
            }
            submitLabel={editing.kind === 'change' ? 'Save template' : 'Add template'}
            busy={create.isPending || change.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(body) => {
              const done = { onSuccess: () => setEditing(null) };
              if (editing.kind === 'change') change.mutate({ templateId: editing.template.id, body }, done);
              else create.mutate(body, done);
            }}
          />
        </section>
      ) : (
        <Button size="compact" className="w-auto" onClick={() => setEditing({ kind: 'new', from: null })}>
          New template
        </Button>
      )}
      <ul
        className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
        aria-label="Templates"
      >
        {templates.data?.templates.map((template) => (
          <li key={template.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {template.name}
                {template.builtIn && (
                  <span className="ml-2 text-xs font-normal text-slate-500">built in</span>
                )}
              </p>
              <p className="text-xs text-slate-500">{sectionList(template)}</p>
              {template.instructions && (
                <p className="mt-1 text-sm text-slate-700">{template.instructions}</p>
              )}
            </div>
            <div className="flex gap-2">
              {template.builtIn ? (
                <Button
                  variant="secondary"
                  size="compact"
                  className="w-auto"
                  onClick={() => setEditing({ kind: 'new', from: template })}
                >
                  Copy
                </Button>
              ) : (
                <>
                  <Button
                    variant="secondary"
                    size="compact"
                    className="w-auto"
                    onClick={() => setEditing({ kind: 'change', template })}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    size="compact"
                    className="w-auto"
                    busy={remove.isPending && remove.variables === template.id}
                    onClick={() => remove.mutate(template.id)}
                    aria-label={`Delete ${template.name}`}
                  >
                    Delete
                  </Button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
