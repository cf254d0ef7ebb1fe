import type { ExportFormat } from '@scrivo/contracts/recordings/recordings.contract';
import { useEffect, useId, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http';
import {
  annotationsApply,
  EXPORT_FORMATS,
  exportFileName,
  saveFile,
  summaryApplies,
  timestampsApply,
  type ExportChoice,
} from '../../../lib/export-file';
import { Button } from '../../../components/ui/button';
import { fetchExport } from '../api/export';
import { Checkbox, Radio } from '../../../components/ui/input';

interface Props {
  recordingId: string;
  title: string;
  hasSpeakers: boolean;
  /** The recording has a summary that can go first in the documents. */
  hasSummary?: boolean;
  /** Finished translations the export can be made in. */
  translations?: readonly { code: string; name: string }[];
  /** The recording has highlights or comments the owner may include. */
  hasAnnotations?: boolean;
}

const download = async (recordingId: string, title: string, choice: ExportChoice) => {
  const file = await fetchExport(recordingId, choice);
  saveFile(file.blob, file.name ?? exportFileName(title, choice.format));
};

/** "Export": pick a format and what to include, then download. A disclosure panel, closed by Esc or outside click. */
export function ExportMenu({
  recordingId,
  title,
  hasSpeakers,
  hasSummary = false,
  translations = [],
  hasAnnotations = false,
}: Props) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ExportChoice>({ format: 'txt', timestamps: true, speakers: true });
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const start = async () => {
    setState({ busy: true, error: null });
    try {
      await download(recordingId, title, choice);
      setState({ busy: false, error: null });
      setOpen(false);
    } catch (error) {
      const message =
        error instanceof HttpError
          ? error.serverMessage
          : 'The download failed. Check your connection and try again.';
      setState({ busy: false, error: message });
    }
  };

  const pick = (format: ExportFormat) => setChoice((c) => ({ ...c, format }));

  return (
    <div className="relative">
      <Button
        variant="unstyled"
        ref={button}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 font-medium text-white hover:bg-brand-700"
      >
        Export
        <span aria-hidden="true">▾</span>
      </Button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-4 shadow-xl"
        >
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-900">Format</legend>
            <div className="flex flex-col gap-1">
              {EXPORT_FORMATS.map(({ format, label, hint }) => (
                <label
                  key={format}
                  className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-50"
                >
                  <Radio
                    name={`${panelId}-format`}
                    value={format}
                    checked={choice.format === format}
                    onChange={() => pick(format)}
                    className="mt-1 accent-brand-600"
                  />
                  <span>
                    <span className="block text-sm text-slate-900">{label}</span>
                    <span className="block text-xs text-slate-600">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="mt-3 border-t border-slate-200 pt-3">
            <legend className="sr-only">Include</legend>
            <label className="flex items-center gap-2 px-2 py-1 text-sm">
              <Checkbox
                checked={timestampsApply(choice.format) ? choice.timestamps : true}
                disabled={!timestampsApply(choice.format)}
                onChange={(event) => {
                  const timestamps = event.currentTarget.checked;
                  setChoice((c) => ({ ...c, timestamps }));
                }}
                className="accent-brand-600"
              />
              Timestamps
              {!timestampsApply(choice.format) && (
                <span className="text-xs text-slate-600">(always in this format)</span>
              )}
            </label>
            <label className="flex items-center gap-2 px-2 py-1 text-sm">
              <Checkbox
                checked={choice.speakers}
                onChange={(event) => {
                  const speakers = event.currentTarget.checked;
                  setChoice((c) => ({ ...c, speakers }));
                }}
                className="accent-brand-600"
              />
              Speaker names
              {!hasSpeakers && <span className="text-xs text-slate-600">(none detected)</span>}
            </label>
            {hasSummary && (
              <label className="flex items-center gap-2 px-2 py-1 text-sm">
                <Checkbox
                  checked={summaryApplies(choice.format) && (choice.summary ?? false)}
                  disabled={!summaryApplies(choice.format)}
                  onChange={(event) => {
                    const summary = event.currentTarget.checked;
                    setChoice((c) => ({ ...c, summary }));
                  }}
                  className="accent-brand-600"
                />
                Summary
                {!summaryApplies(choice.format) && (
                  <span className="text-xs text-slate-600">(documents only)</span>
                )}
              </label>
            )}
            {hasAnnotations && (
              <label className="flex items-center gap-2 px-2 py-1 text-sm">
                <Checkbox
                  checked={annotationsApply(choice.format) && (choice.annotations ?? false)}
                  disabled={!annotationsApply(choice.format)}
                  onChange={(event) => {
                    const annotations = event.currentTarget.checked;
                    setChoice((c) => ({ ...c, annotations }));
                  }}
                  className="accent-brand-600"
                />
                Highlights and comments
                {!annotationsApply(choice.format) && (
                  <span className="text-xs text-slate-600">(not in subtitles)</span>
                )}
              </label>
            )}
            {translations.length > 0 && (
              <label className="flex items-center gap-2 px-2 py-1 text-sm">
                Language
                <select
                  aria-label="Export language"
                  value={choice.language ?? ''}
                  onChange={(event) => {
                    const language = event.currentTarget.value;
                    setChoice((c) => ({ ...c, language: language || null }));
                  }}
                  className="rounded-md border border-slate-300 px-2 py-1"
                >
                  <option value="">Original</option>
                  {translations.map((t) => (
                    <option key={t.code} value={t.code}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </fieldset>
          {state.error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {state.error}
            </p>
          )}
          <Button
            variant="unstyled"
            onClick={start}
            disabled={state.busy}
            className="mt-4 w-full rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {state.busy ? 'Preparing…' : `Download ${choice.format.toUpperCase()}`}
          </Button>
        </div>
      )}
    </div>
  );
}
