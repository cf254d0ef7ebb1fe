import { useId } from 'react';
import type { UploadOptions } from '../upload/upload-queue';
import { Checkbox, Input } from '../../../components/ui/input';

/** Whisper's most used languages first; the rest are detected automatically anyway. */
const LANGUAGES: readonly { code: string; name: string }[] = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['ru', 'Russian'],
  ['pl', 'Polish'],
  ['tr', 'Turkish'],
  ['ar', 'Arabic'],
  ['fa', 'Persian'],
  ['he', 'Hebrew'],
  ['hi', 'Hindi'],
  ['zh', 'Chinese'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['vi', 'Vietnamese'],
  ['th', 'Thai'],
  ['id', 'Indonesian'],
  ['uk', 'Ukrainian'],
  ['sv', 'Swedish'],
  ['da', 'Danish'],
  ['no', 'Norwegian'],
  ['fi', 'Finnish'],
  ['cs', 'Czech'],
  ['el', 'Greek'],
  ['ro', 'Romanian'],
  ['hu', 'Hungarian'],
].map(([code, name]) => ({ code: code!, name: name! }));

/** Exact counts offered in the form; the API also takes up to 20 and ranges (docs/transcription.md). */
const SPEAKER_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

interface Props {
  value: UploadOptions;
  onChange(value: UploadOptions): void;
}

/** Chosen before dropping files; applies to the files added next. */
export function UploadOptionsForm({ value, onChange }: Props) {
  const id = useId();
  return (
    <fieldset className="grid gap-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
      <legend className="sr-only">Transcription options</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-title`} className="text-sm font-medium text-slate-800">
          Title <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <Input
          id={`${id}-title`}
          value={value.title}
          maxLength={200}
          placeholder="The file name if left empty"
          onChange={(event) => onChange({ ...value, title: event.currentTarget.value })}
          className="h-10 rounded-lg border border-slate-300 px-3"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-language`} className="text-sm font-medium text-slate-800">
          Spoken language
        </label>
        <select
          id={`${id}-language`}
          value={value.language}
          onChange={(event) => onChange({ ...value, language: event.currentTarget.value })}
          className="h-10 rounded-lg border border-slate-300 bg-white px-2"
        >
          <option value="">Detect automatically</option>
          {LANGUAGES.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-speakers`} className="text-sm font-medium text-slate-800">
          Speakers
        </label>
        <select
          id={`${id}-speakers`}
          value={value.speakers}
          title="Telling how many people speak helps the speaker labels (plans with speaker labels)"
          onChange={(event) => onChange({ ...value, speakers: event.currentTarget.value })}
          className="h-10 rounded-lg border border-slate-300 bg-white px-2"
        >
          <option value="">Detect automatically</option>
          {SPEAKER_COUNTS.map((n) => (
            <option key={n} value={String(n)}>
              {n === 1 ? '1 person' : `${n} people`}
            </option>
          ))}
        </select>
      </div>
      <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
        <Checkbox
          checked={value.translate}
          onChange={(event) => onChange({ ...value, translate: event.currentTarget.checked })}
          className="h-4 w-4 accent-brand-600"
        />
        Translate to English
      </label>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={`${id}-terms`} className="text-sm font-medium text-slate-800">
          Terms <span className="font-normal text-slate-600">(optional: names and words said in it)</span>
        </label>
        <Input
          id={`${id}-terms`}
          value={value.terms}
          maxLength={5000}
          placeholder="Nguyen, Scrivo, Kubernetes"
          onChange={(event) => onChange({ ...value, terms: event.currentTarget.value })}
          className="h-10 rounded-lg border border-slate-300 px-3"
        />
      </div>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={`${id}-context`} className="text-sm font-medium text-slate-800">
          Context <span className="font-normal text-slate-600">(optional: a line about the recording)</span>
        </label>
        <Input
          id={`${id}-context`}
          value={value.context}
          maxLength={500}
          placeholder="Weekly sync of the payments team"
          onChange={(event) => onChange({ ...value, context: event.currentTarget.value })}
          className="h-10 rounded-lg border border-slate-300 px-3"
        />
      </div>
    </fieldset>
  );
}
