import type { SummaryContent } from '@scrivo/contracts/summaries/summaries.contract';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { languageName } from '../../../lib/language';
import {
  useCancelSummary,
  useChangeSummarySettings,
  useRequestSummary,
  useSaveSummary,
  useSummary,
  useSummarySettings,
} from '../api/summaries';
import { useSummaryTemplates } from '../api/summary-templates';
import { useSummaryAutosave } from './summary-autosave';
import { SummaryEditor } from './summary-editor';
import { SummaryView } from './summary-view';
import { Button } from '../../../components/ui/button';
import type { RecordingPermissions } from '../../../lib/recording-permissions';
import { Checkbox } from '../../../components/ui/input';

const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl'];

const button =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60';
const primary =
  'rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60';

const messageOf = (error: unknown) =>
  error instanceof HttpError ? error.serverMessage : 'Something went wrong. Please try again.';

/** What a summary looks like, for plans without it: the way to get one, not a locked door. */
function SummaryUpsell() {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5"
      data-testid="summary-upsell"
    >
      <h3 className="font-semibold text-slate-900">AI summary, part of Business Pro</h3>
      <p className="text-sm text-slate-700">
        Get an overview, the decisions, action items with who does them, and chapters you can click to jump in
        the recording, written on this server from your transcript.
      </p>
      <div
        aria-hidden="true"
        className="select-none rounded-lg bg-white/70 p-3 text-sm text-slate-400 blur-[2px]"
      >
        <p>Overview: the team moved the launch to 9 March and shifted budget to search ads.</p>
        <p>Decisions: launch on 9 March · 20% of social budget to search</p>
        <p>Action items: Ben: update the press release by Friday</p>
      </div>
      <Link to="/plan-selection" className={`${primary} self-start`}>
        Upgrade to Business Pro
      </Link>
    </div>
  );
}

/** Business Pro: every new transcript summarised without asking. */
function AutoSummarySwitch() {
  const settings = useSummarySettings();
  const change = useChangeSummarySettings();
  if (!settings.data?.planAllows) return null;
  return (
    <label className="flex items-center gap-2 border-t border-slate-100 pt-3 text-sm text-slate-700">
      <Checkbox
        className="accent-brand-600"
        checked={settings.data.autoSummarize}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.currentTarget.checked)}
      />
      Summarize new recordings automatically when their transcript is ready
    </label>
  );
}

/** The time left as people say it: whole minutes, then under a minute. */
const timeLeft = (seconds: number): string =>
  seconds >= 90
    ? `about ${Math.round(seconds / 60)} min left`
    : seconds >= 45
      ? 'about 1 min left'
      : seconds > 0
        ? 'less than a minute left'
        : 'almost done';

/** The summary tab: ask for one, follow its progress, read it with chapters that seek the player, edit it. */
export function SummaryPanel({
  recordingId,
  transcriptLanguage,
  onSeek,
  may = { mine: true, asks: true },
}: {
  recordingId: string;
  transcriptLanguage: string;
  onSeek: (seconds: number) => void;
  /**
   * What the caller may do (`web/src/lib/recording-permissions.ts`): `asks` for a summary and stops it (the
   * uploader, a workspace's members), edits its text only when `mine`; a viewer reads.
   */
  may?: Pick<RecordingPermissions, 'mine' | 'asks'>;
}) {
  const summary = useSummary(recordingId);
  const request = useRequestSummary(recordingId);
  const cancel = useCancelSummary(recordingId);
  const saveSummary = useSaveSummary(recordingId);
  const [language, setLanguage] = useState(transcriptLanguage);
  const templates = useSummaryTemplates();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const save = useCallback(
    (content: SummaryContent, revision: number) => saveSummary.mutateAsync({ content, revision }),
    [saveSummary],
  );
  const autosave = useSummaryAutosave(summary.data?.revision ?? 0, save);

  if (summary.isPending) return <p className="text-sm text-slate-600">Loading the summary…</p>;
  if (summary.isError) return <p role="alert">{messageOf(summary.error)}</p>;
  const s = summary.data;
  if (!s.planAllows && !s.content)
    return may.mine ? (
      <SummaryUpsell />
    ) : (
      <p className="text-sm text-slate-700" data-testid="summary-not-in-plan">
        No summary yet: this recording’s summaries are paid by the plan of the person who uploaded it, which
        does not include them.
      </p>
    );

  // Until the user picks one, a new summary is written with the template of the one shown (a meeting at first).
  const template = templateId ?? s.template.id;
  const start = () => request.mutate({ language, template });
  const templatePicker = (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      Template
      <select
        value={template}
        onChange={(e) => setTemplateId(e.currentTarget.value)}
        className="rounded-md border border-slate-300 px-2 py-1"
      >
        {(templates.data?.templates ?? [s.template]).map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
      <Link to="/summary-templates" className="text-xs text-brand-700 hover:underline">
        Manage
      </Link>
    </label>
  );
  const languagePicker = (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      Write in
      <select
        value={language}
        onChange={(e) => setLanguage(e.currentTarget.value)}
        className="rounded-md border border-slate-300 px-2 py-1"
      >
        {[...new Set([transcriptLanguage, ...LANGUAGES])].map((code) => (
          <option key={code} value={code}>
            {languageName(code) ?? code}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5"
      aria-label="Summary"
    >
      {s.status === 'running' && (
        <div className="flex flex-col gap-2" aria-live="polite">
          <p className="text-sm text-slate-700" data-testid="summary-writing">
            {s.ahead !== null && s.ahead > 0
              ? `Waiting: ${s.ahead} ahead in line (summaries and translations take turns)`
              : s.draft
                ? `Writing… part ${Math.min(s.draft.partsDone + 1, s.draft.partsTotal)} of ${s.draft.partsTotal}, ${timeLeft(s.draft.secondsLeft)}`
                : `Writing the summary… ${Math.round(s.progress * 100)}%`}
          </p>
          <div
            className="h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label="Summary progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(s.progress * 100)}
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width]"
              style={{ width: `${s.progress * 100}%` }}
            />
          </div>
          {may.asks && (
            <Button variant="unstyled" className={`${button} self-start`} onClick={() => cancel.mutate()}>
              Cancel
            </Button>
          )}
          {s.draft && (
            <section aria-label="Summary so far" className="border-t border-slate-100 pt-3">
              <p className="mb-2 text-xs text-slate-500">
                So far ({s.draft.partsDone} of {s.draft.partsTotal} parts); the rest is added as it is
                written.
              </p>
              <SummaryView content={s.draft.content} sections={s.draft.template.sections} onSeek={onSeek} />
            </section>
          )}
        </div>
      )}
      {s.failure && s.status !== 'running' && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          {s.failure}
        </p>
      )}
      {!s.content && s.status !== 'running' && !may.asks && (
        <p className="text-sm text-slate-700">No summary of this recording yet.</p>
      )}
      {!s.content && s.status !== 'running' && may.asks && (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="unstyled" className={primary} onClick={start} disabled={request.isPending}>
            {s.status === 'none' ? 'Summarize' : 'Try again'}
          </Button>
          {templatePicker}
          {languagePicker}
        </div>
      )}
      {s.content && !(s.status === 'running' && s.draft) && (
        <>
          {s.outOfDate && s.status !== 'running' && (
            <div
              role="status"
              className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid="summary-out-of-date"
            >
              The transcript was edited after this summary was written.
              {may.asks && (
                <Button variant="unstyled" className={button} onClick={start}>
                  Regenerate
                </Button>
              )}
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-slate-500">
              {s.template.name} summary, written by {s.engine ?? 'the summary engine'} in{' '}
              {languageName(s.language ?? '') ?? s.language}
              {s.revision > 1 ? ' · edited' : ''}
            </p>
            <div className="flex items-center gap-2">
              {editing && (
                <span className="text-xs text-slate-600" data-testid="summary-save-status">
                  {autosave.status.kind === 'saved'
                    ? 'All changes saved'
                    : autosave.status.kind === 'saving'
                      ? 'Saving…'
                      : autosave.status.kind === 'pending'
                        ? 'Unsaved changes'
                        : ''}
                </span>
              )}
              {may.mine && s.planAllows && s.status !== 'running' && (
                <Button
                  variant="unstyled"
                  aria-pressed={editing}
                  className={button}
                  onClick={() => {
                    if (editing) void autosave.flush();
                    else autosave.resetRevision(s.revision);
                    setEditing((on) => !on);
                  }}
                >
                  {editing ? 'Done editing' : 'Edit summary'}
                </Button>
              )}
              {may.asks && !editing && s.planAllows && s.status !== 'running' && !s.outOfDate && (
                <>
                  {templatePicker}
                  <Button variant="unstyled" className={button} onClick={start}>
                    Regenerate
                  </Button>
                </>
              )}
            </div>
          </div>
          {autosave.status.kind === 'conflict' && (
            <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              This summary was changed in another tab or device. Reload the page to see the latest version.
            </p>
          )}
          {autosave.status.kind === 'error' && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              {autosave.status.message}
            </p>
          )}
          {editing ? (
            <SummaryEditor initial={s.content} sections={s.template.sections} onChange={autosave.change} />
          ) : (
            <SummaryView content={s.content} sections={s.template.sections} onSeek={onSeek} />
          )}
        </>
      )}
      <AutoSummarySwitch />
      {(request.isError || cancel.isError) && (
        <p role="alert" className="text-sm text-red-900">
          {messageOf(request.error ?? cancel.error)}
        </p>
      )}
    </section>
  );
}
