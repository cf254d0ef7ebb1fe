import { Icon } from '../../../components/ui/icons';
import { Waveform } from './waveform';
import { formatClock, spokenDuration } from '../../../lib/time';
import { SKIP_SECONDS, SPEEDS, type MediaActions, type MediaState } from '../lib/use-media-player';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

interface Props {
  state: MediaState;
  /** The waveform to scrub on; without it a plain bar shows. */
  peaks?: number[] | null;
  actions: MediaActions;
  onShowShortcuts(): void;
}

const buttonClass =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50';

/** Transport: play/pause, skip 5 s either way, a scrubbable position bar and the speed. */
export function PlayerControls({ state, actions, onShowShortcuts, peaks }: Props) {
  const { currentTime, duration, paused, rate } = state;
  const slider = (className: string) => (
    <Input
      type="range"
      min={0}
      max={Math.max(duration, 0.01)}
      step={0.01}
      value={Math.min(currentTime, duration)}
      onChange={(event) => actions.seek(Number(event.currentTarget.value))}
      aria-label="Position"
      aria-valuetext={`${spokenDuration(currentTime)} of ${spokenDuration(duration)}`}
      className={className}
      data-current-seconds={currentTime.toFixed(2)}
    />
  );
  return (
    <div className="flex flex-col gap-3" role="group" aria-label="Player controls">
      <div className="flex items-center gap-3">
        <span
          className="w-14 text-right font-mono text-sm tabular-nums text-slate-700"
          data-testid="current-time"
        >
          {formatClock(currentTime)}
        </span>
        {peaks?.length ? (
          <div className="relative h-12 flex-1 rounded focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600">
            <Waveform peaks={peaks} progress={duration > 0 ? currentTime / duration : 0} />
            {/* Invisible but focusable and draggable: the waveform under it is what people see. */}
            {slider('absolute inset-0 h-full w-full cursor-pointer opacity-0')}
          </div>
        ) : (
          slider('h-2 flex-1 cursor-pointer accent-brand-600')
        )}
        <span className="w-14 font-mono text-sm tabular-nums text-slate-500">{formatClock(duration)}</span>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button
          variant="unstyled"
          className={buttonClass}
          onClick={() => actions.skip(-SKIP_SECONDS)}
          aria-label={`Back ${SKIP_SECONDS} seconds`}
          title={`Back ${SKIP_SECONDS} s (Left arrow)`}
        >
          <Icon name="rewind" />
          <span aria-hidden="true" className="ml-1 text-xs tabular-nums">
            {SKIP_SECONDS}
          </span>
        </Button>
        <Button
          variant="unstyled"
          className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
          onClick={actions.toggle}
          aria-label={paused ? 'Play' : 'Pause'}
          title={`${paused ? 'Play' : 'Pause'} (Space)`}
        >
          {paused ? (
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
              <path d="M6 5h4v14H6zM14 5h4v14h-4z" fill="currentColor" />
            </svg>
          )}
        </Button>
        <Button
          variant="unstyled"
          className={buttonClass}
          onClick={() => actions.skip(SKIP_SECONDS)}
          aria-label={`Forward ${SKIP_SECONDS} seconds`}
          title={`Forward ${SKIP_SECONDS} s (Right arrow)`}
        >
          <span aria-hidden="true" className="mr-1 text-xs tabular-nums">
            {SKIP_SECONDS}
          </span>
          <Icon name="fastForward" />
        </Button>
        <label className="ml-2 flex items-center gap-2 text-sm text-slate-700">
          Speed
          <select
            value={String(rate)}
            onChange={(event) => actions.setRate(Number(event.currentTarget.value))}
            className="h-10 rounded-lg border border-slate-300 bg-white px-2"
          >
            {SPEEDS.map((speed) => (
              <option key={speed} value={String(speed)}>
                {speed}x
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="unstyled"
          className={buttonClass}
          onClick={onShowShortcuts}
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
        >
          <Icon name="keyboard" />
        </Button>
      </div>
    </div>
  );
}
