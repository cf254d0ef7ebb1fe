import { GlossaryEditor } from '../../components/glossary/glossary-editor';
import { useSaveVocabulary, useVocabulary } from './api/vocabulary';

/** /vocabulary: the names and terms every transcript of the account should spell the owner's way. */
export function VocabularyPage() {
  const vocabulary = useVocabulary();
  const save = useSaveVocabulary();

  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Vocabulary</h1>
      <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700">
        <p>
          Names of people, products, clients and acronyms that your transcripts should spell your way. Each
          new transcript listens for them, and where the engine writes a term as it sounds, the term is
          written as you spell it here.
        </p>
        <GlossaryEditor
          saved={vocabulary.data?.terms}
          label="Your terms"
          saveLabel="Save vocabulary"
          saving={save.isPending}
          justSaved={save.isSuccess}
          errors={[save.error, vocabulary.error]}
          onSave={(terms) => save.mutate(terms)}
        />
        <p className="text-slate-500">
          Terms for one recording only, and a line about it, go in the upload form’s “Terms and context”.
        </p>
      </section>
    </main>
  );
}
