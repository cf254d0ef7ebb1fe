import {
  MAX_GLOSSARY_TERM_LENGTH,
  MAX_GLOSSARY_TERMS,
} from '@scrivo/contracts/vocabulary/vocabulary.contract';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { useSaveVocabulary, useVocabulary } from './api/vocabulary';
import { formatGlossary, parseGlossary } from './glossary-text';

/** /vocabulary: the names and terms every transcript of the account should spell the owner's way. */
export function VocabularyPage() {
  const id = useId();
  const vocabulary = useVocabulary();
  const save = useSaveVocabulary();
  const [text, setText] = useState('');
  useEffect(() => {
    if (vocabulary.data) setText(formatGlossary(vocabulary.data.terms));
  }, [vocabulary.data]);
  const terms = parseGlossary(text);
  const unsaved =
    vocabulary.data !== undefined && formatGlossary(vocabulary.data.terms) !== formatGlossary(terms);

  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Vocabulary</h1>
      <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700">
        <p>
          Names of people, products, clients and acronyms that your transcripts should spell your way. Each
          new transcript listens for them, and where the engine writes a term as it sounds, the term is
          written as you spell it here. One term a line; add how it sounds after a colon when it is not said
          as written (<code>Scrivo: scree-vo</code>). Up to {MAX_GLOSSARY_TERMS} terms of{' '}
          {MAX_GLOSSARY_TERM_LENGTH} characters.
        </p>
        <label htmlFor={`${id}-terms`} className="block font-medium text-slate-800">
          Your terms
        </label>
        <textarea
          id={`${id}-terms`}
          value={text}
          rows={14}
          spellCheck={false}
          disabled={vocabulary.isPending}
          placeholder={'Scrivo: scree-vo\nNguyen\nKubernetes'}
          onChange={(event) => setText(event.currentTarget.value)}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="compact"
            className="w-auto"
            busy={save.isPending}
            busyLabel="Saving…"
            disabled={!unsaved}
            onClick={() => save.mutate(terms)}
          >
            Save vocabulary
          </Button>
          <span className="text-slate-500" aria-live="polite">
            {terms.length} {terms.length === 1 ? 'term' : 'terms'}
            {save.isSuccess && !unsaved ? ' · saved' : unsaved ? ' · not saved yet' : ''}
          </span>
        </div>
        {save.error ? (
          <p role="alert" className="text-red-600">
            {errorMessage(save.error)}
          </p>
        ) : null}
        {vocabulary.error ? (
          <p role="alert" className="text-red-600">
            {errorMessage(vocabulary.error)}
          </p>
        ) : null}
        <p className="text-slate-500">
          Terms for one recording only, and a line about it, go in the upload form’s “Terms and context”.
        </p>
      </section>
    </main>
  );
}
