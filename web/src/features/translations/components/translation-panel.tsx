import type { Transcript } from '@scrivo/contracts/recordings/recordings.contract';
import { TranslationEngine } from '@scrivo/contracts/translations/translations.contract';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { languageName } from '../../../lib/language';
import { formatClock } from '../../../lib/time';
import { useCancelTranslation, useRequestTranslation, useTranslations } from '../api/translations';
import { targetChoices, unavailableReason } from '../lib/engine-choice';
import { Button } from '../../../components/ui/button';
import type { RecordingPermissions } from '../../../lib/recording-permissions';
import { Input } from '../../../components/ui/input';

const button =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60';
const primary =
  'rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';

const messageOf = (error: unknown) =>
  error instanceof HttpError ? error.serverMessage : 'Something went wrong. Please try again.';

/**
 * The translation tab: pick a language and an engine, follow the job, then read the translation beside the
 * original (or alone), search it, and click a time to play from there.
 */
export function TranslationPanel({
  recordingId,
  transcript,
  onSeek,
  may = { mine: true, asks: true },
}: {
  recordingId: string;
  transcript: Pick<Transcript, 'segments' | 'language'>;
  onSeek: (seconds: number) => void;
  /** What the caller may do: `asks` for a translation and stops it (the uploader, a workspace's members). */
  may?: Pick<RecordingPermissions, 'mine' | 'asks'>;
}) {
  const translations = useTranslations(recordingId);
  const request = useRequestTranslation(recordingId);
  const cancel = useCancelTranslation(recordingId);
  const [target, setTarget] = useState<string>('');
  const [engine, setEngine] = useState<TranslationEngine | ''>('');
  const [shown, setShown] = useState<string | null>(null);
  const [sideBySide, setSideBySide] = useState(true);
  const [query, setQuery] = useState('');
  const hintId = useId();

  const data = translations.data;
  const current = data?.items.find((t) => t.target === (shown ?? data.items[0]?.target)) ?? null;
  // One row per translated segment, with the original said in the same span (Whisper's speech translation cuts
  // its own segments; the text engines keep the original's).
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (current?.segments ?? [])
      .map((translated, i) => ({
        key: i,
        start: translated.start,
        translated: translated.text,
        original: transcript.segments
          .filter((s) => {
            const middle = (s.start + s.end) / 2;
            return middle >= translated.start && middle < translated.end;
          })
          .map((s) => s.text.trim())
          .join(' '),
      }))
      .filter(
        ({ original, translated }) =>
          !q || original.toLowerCase().includes(q) || translated.toLowerCase().includes(q),
      );
  }, [transcript.segments, current, query]);

  if (translations.isPending) return <p className="text-sm text-slate-600">Loading translations…</p>;
  if (translations.isError) return <p role="alert">{messageOf(translations.error)}</p>;
  if (!data) return null;
  if (!data.planAllows && !may.mine)
    return (
      <p className="text-sm text-slate-700" data-testid="translation-not-in-plan">
        This recording’s translations are paid by the plan of the person who uploaded it, which does not
        include them.
      </p>
    );
  if (!data.planAllows)
    return (
      <div
        className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5"
        data-testid="translation-upsell"
      >
        <h3 className="font-semibold text-slate-900">Translation, part of Premium and Business Pro</h3>
        <p className="text-sm text-slate-700">
          Read this transcript in another language beside the original, and download subtitles in that
          language.
        </p>
        <Link to="/plan-selection" className={`${primary} self-start`}>
          See plans
        </Link>
      </div>
    );

  const engines = data.engines.filter((e) => e.available);
  const namedEngine = engines.find((e) => e.engine === engine) ?? null;
  // Every language some engine here can do is offered; the one that will translate is said before asking.
  const choices = targetChoices(data, transcript.language, engine);
  const chosen = choices.find((c) => c.code === target) ?? null;
  const whyNot = unavailableReason(data, choices);

  return (
    <section
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5"
      aria-label="Translation"
    >
      {may.asks && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!target || !chosen?.engine) return;
            setShown(target);
            request.mutate({ target, engine: chosen.engine.engine });
          }}
        >
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            Translate into
            <select
              required
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value)}
              aria-describedby={hintId}
              className="rounded-md border border-slate-300 px-2 py-1.5"
            >
              <option value="">Choose a language</option>
              {choices.map((c) => (
                <option key={c.code} value={c.code} disabled={!c.engine}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            Engine
            <select
              value={engine}
              onChange={(e) => {
                const picked = TranslationEngine.safeParse(e.currentTarget.value);
                setEngine(picked.success ? picked.data : '');
              }}
              className="rounded-md border border-slate-300 px-2 py-1.5"
            >
              <option value="">Best available</option>
              {engines.map((e) => (
                <option key={e.engine} value={e.engine}>
                  {e.label}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="unstyled"
            type="submit"
            className={primary}
            disabled={request.isPending || !chosen?.engine}
          >
            Translate
          </Button>
          <div id={hintId} className="flex w-full flex-col gap-1 text-sm text-slate-600" aria-live="polite">
            {chosen?.engine && (
              <p data-testid="translation-engine-hint">
                {namedEngine && namedEngine.engine !== chosen.engine.engine
                  ? `${namedEngine.label} cannot translate into ${chosen.name}, so this uses: ${chosen.engine.label}.`
                  : `Into ${chosen.name} with: ${chosen.engine.label}.`}
              </p>
            )}
            {whyNot && <p data-testid="translation-unavailable">{whyNot}</p>}
          </div>
        </form>
      )}
      {request.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          {messageOf(request.error)}
        </p>
      )}

      {data.items.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" role="tablist" aria-label="Translations">
          {data.items.map((t) => (
            <Button
              variant="unstyled"
              key={t.target}
              role="tab"
              aria-selected={current?.target === t.target}
              onClick={() => setShown(t.target)}
              className={`rounded-full px-3 py-1 text-sm ${current?.target === t.target ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-800'}`}
            >
              {languageName(t.target)}
              {t.status === 'running' ? ` ${Math.round(t.progress * 100)}%` : ''}
            </Button>
          ))}
        </div>
      )}

      {current && (
        <div className="flex flex-col gap-3">
          {current.status === 'running' && (
            <div className="flex items-center gap-3 text-sm text-slate-700" aria-live="polite">
              Translating into {languageName(current.target)}… {Math.round(current.progress * 100)}%
              {may.asks && (
                <Button variant="unstyled" className={button} onClick={() => cancel.mutate(current.target)}>
                  Cancel
                </Button>
              )}
            </div>
          )}
          {current.failure && current.status !== 'running' && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              {current.failure}
            </p>
          )}
          {current.segments && (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-slate-500" data-testid="translation-label">
                  {current.machineDraft ? 'Machine draft' : 'Translation'} by {current.engineName}
                  {current.outOfDate ? ' · the transcript was edited since: translate again to catch up' : ''}
                </p>
                <div className="flex items-center gap-2">
                  <Input
                    type="search"
                    placeholder="Search"
                    aria-label="Search the transcript and its translation"
                    value={query}
                    onChange={(e) => setQuery(e.currentTarget.value)}
                    className="rounded-md border border-slate-300 px-2 py-1 text-sm"
                  />
                  <Button
                    variant="unstyled"
                    className={button}
                    aria-pressed={sideBySide}
                    onClick={() => setSideBySide((v) => !v)}
                  >
                    {sideBySide ? 'Translation only' : 'Side by side'}
                  </Button>
                </div>
              </div>
              <ol className="flex flex-col divide-y divide-slate-100" data-testid="translation-segments">
                {rows.map(({ key, start, original, translated }) => (
                  <li
                    key={key}
                    className={`grid gap-3 py-2 ${sideBySide ? 'sm:grid-cols-[auto_1fr_1fr]' : 'grid-cols-[auto_1fr]'}`}
                  >
                    <Button
                      variant="unstyled"
                      onClick={() => onSeek(start)}
                      className="self-start rounded px-1 font-mono text-xs text-brand-700 hover:bg-brand-50"
                    >
                      {formatClock(start)}
                    </Button>
                    {sideBySide && <p className="text-slate-600">{original}</p>}
                    <p lang={current.target} className="text-slate-900">
                      {translated}
                    </p>
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      )}
    </section>
  );
}
