import {
  MAX_GLOSSARY_TERM_LENGTH,
  MAX_GLOSSARY_TERMS,
  type VocabularyTerm,
} from '@scrivo/contracts/vocabulary/vocabulary.contract';
import { useEffect, useId, useState } from 'react';
import { Button } from '../ui/button';
import { errorMessage } from '../../lib/error-message';
import { formatGlossary, parseGlossary } from './glossary-text';

export type GlossaryEditorProps = {
  /** The saved terms; undefined while they load. */
  saved: readonly VocabularyTerm[] | undefined;
  /** Label of the text box ("Your terms", "The workspace's terms"). */
  label: string;
  saveLabel: string;
  /** Viewers read the list and cannot change it. */
  readOnly?: boolean;
  saving: boolean;
  /** The last save went through. */
  justSaved: boolean;
  errors: readonly unknown[];
  onSave: (terms: VocabularyTerm[]) => void;
};

/**
 * A glossary of names and terms as text, one term a line with how it sounds after a colon; the same editor for an
 * account's glossary and a workspace's. Read only, it lists the terms instead.
 */
export function GlossaryEditor({
  saved,
  label,
  saveLabel,
  readOnly = false,
  saving,
  justSaved,
  errors,
  onSave,
}: GlossaryEditorProps) {
  const id = useId();
  const [text, setText] = useState('');
  useEffect(() => {
    if (saved) setText(formatGlossary(saved));
  }, [saved]);
  const terms = parseGlossary(text);
  const unsaved = saved !== undefined && formatGlossary(saved) !== formatGlossary(terms);
  const shownErrors = errors.filter((error) => error !== null && error !== undefined);

  return (
    <>
      {readOnly ? (
        <>
          <h3 id={`${id}-terms`} className="font-medium text-slate-800">
            {label}
          </h3>
          {saved && saved.length === 0 ? <p className="text-slate-500">No terms yet.</p> : null}
          <ul aria-labelledby={`${id}-terms`} className="list-inside list-disc font-mono">
            {saved?.map((term) => (
              <li key={term.text}>{formatGlossary([term])}</li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>
            One term a line; add how it sounds after a colon when it is not said as written (
            <code>Scrivo: scree-vo</code>). Up to {MAX_GLOSSARY_TERMS} terms of {MAX_GLOSSARY_TERM_LENGTH}{' '}
            characters.
          </p>
          <label htmlFor={`${id}-terms`} className="block font-medium text-slate-800">
            {label}
          </label>
          <textarea
            id={`${id}-terms`}
            value={text}
            rows={14}
            spellCheck={false}
            disabled={saved === undefined}
            placeholder={'Scrivo: scree-vo\nNguyen\nKubernetes'}
            onChange={(event) => setText(event.currentTarget.value)}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              size="compact"
              className="w-auto"
              busy={saving}
              busyLabel="Saving…"
              disabled={!unsaved}
              onClick={() => onSave(terms)}
            >
              {saveLabel}
            </Button>
            <span className="text-slate-500" aria-live="polite">
              {terms.length} {terms.length === 1 ? 'term' : 'terms'}
              {justSaved && !unsaved ? ' · saved' : unsaved ? ' · not saved yet' : ''}
            </span>
          </div>
        </>
      )}
      {shownErrors.map((error, index) => (
        <p key={index} role="alert" className="text-red-600">
          {errorMessage(error)}
        </p>
      ))}
    </>
  );
}
