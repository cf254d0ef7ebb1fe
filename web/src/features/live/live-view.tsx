import { Link } from '@tanstack/react-router';
import type { LiveRecorder, LiveState } from './live-recorder';
import { clock, LiveTranscript } from './live-transcript';
import { meterPercent } from './level-meter';
import { Button } from '../../components/ui/button';

const WARN_SECONDS = 60;

/** The full-screen recording view: live text, level, time and minutes left, pause/resume/stop. */
export function LiveView({
  recorder,
  state,
  onClose,
}: {
  recorder: LiveRecorder;
  state: LiveState;
  onClose: () => void;
}) {
  const left =
    state.allowanceSeconds === null ? null : Math.max(0, state.allowanceSeconds - state.capturedSeconds);
  const active = state.phase === 'recording' || state.phase === 'paused';
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Live recording"
      className="fixed inset-0 z-[60] flex flex-col gap-4 bg-slate-100 p-4 sm:p-8"
    >
      <header className="flex flex-wrap items-center gap-4">
        <h2 className="text-xl font-semibold" data-testid="live-phase">
          {state.phase === 'starting' && 'Starting…'}
          {state.phase === 'recording' && '● Recording'}
          {state.phase === 'paused' && 'Paused'}
          {state.phase === 'saving' && 'Saving the recording…'}
          {state.phase === 'saved' && 'Saved to your library'}
          {state.phase === 'failed' && 'Recording stopped'}
        </h2>
        <span
          className="font-mono text-lg"
          aria-label="Elapsed time"
          data-testid="live-elapsed"
          data-seconds={state.capturedSeconds}
        >
          {clock(state.capturedSeconds)}
        </span>
        {left !== null && (
          <span
            className={left <= WARN_SECONDS ? 'font-semibold text-red-700' : 'text-slate-600'}
            data-testid="live-minutes-left"
          >
            {left <= WARN_SECONDS && active
              ? `Less than a minute left in your plan (${Math.ceil(left)} s)`
              : `${Math.floor(left / 60)} min left`}
          </span>
        )}
        <div
          className="h-2 w-32 overflow-hidden rounded bg-slate-300"
          role="meter"
          aria-label="Input level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={meterPercent(state.level)}
        >
          <div
            className="h-full bg-green-600 transition-[width]"
            style={{ width: `${meterPercent(state.level)}%` }}
          />
        </div>
        {!state.connected && active && (
          <span className="text-amber-800">Reconnecting… audio is kept and will be sent.</span>
        )}
        {state.behind && (
          <span
            role="status"
            className="rounded bg-amber-100 px-2 py-1 text-amber-900"
            data-testid="live-behind"
          >
            Live text is falling behind; the recording itself is safe.
          </span>
        )}
        {state.language && <span className="text-sm text-slate-600">Language: {state.language}</span>}
      </header>
      {state.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {state.error}
        </p>
      )}
      {state.notice && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {state.notice}
        </p>
      )}
      <LiveTranscript finals={state.finals} partial={state.partial} />
      <footer className="flex flex-wrap gap-3">
        {state.phase === 'recording' && (
          <Button
            variant="unstyled"
            onClick={() => recorder.pause()}
            className="rounded-lg bg-white px-4 py-2 font-medium shadow"
          >
            Pause
          </Button>
        )}
        {state.phase === 'paused' && (
          <Button
            variant="unstyled"
            onClick={() => recorder.unpause()}
            className="rounded-lg bg-white px-4 py-2 font-medium shadow"
          >
            Resume
          </Button>
        )}
        {(active || state.phase === 'starting') && (
          <Button
            variant="unstyled"
            onClick={() => recorder.stop()}
            className="rounded-lg bg-red-700 px-4 py-2 font-medium text-white shadow"
          >
            Stop and save
          </Button>
        )}
        {state.phase === 'saved' && state.recordingId && (
          <Link
            to="/transcription/$recordingId"
            params={{ recordingId: state.recordingId }}
            className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white shadow"
          >
            Open the recording
          </Link>
        )}
        {(state.phase === 'saved' || state.phase === 'failed') && (
          <Button
            variant="unstyled"
            onClick={onClose}
            className="rounded-lg bg-white px-4 py-2 font-medium shadow"
          >
            Close
          </Button>
        )}
      </footer>
    </div>
  );
}
