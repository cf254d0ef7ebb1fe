import { useCallback, useEffect, useRef, useState } from 'react';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const SKIP_SECONDS = 5;

export interface MediaState {
  currentTime: number;
  duration: number;
  paused: boolean;
  rate: number;
  /** The media could not be loaded or played (e.g. a format this browser cannot decode). */
  failed: boolean;
}

export interface MediaActions {
  toggle(): void;
  /** Plays from where it is (a paused player starts, a playing one goes on). */
  play(): void;
  seek(seconds: number): void;
  skip(delta: number): void;
  setRate(rate: number): void;
  /** One step along SPEEDS (+1 faster, -1 slower). */
  stepRate(direction: 1 | -1): void;
}

/**
 * Follows an <audio>/<video> element. While playing, the position is read every animation frame (timeupdate
 * fires only about 4 times a second, too coarse to light words in step with speech).
 */
export const useMediaPlayer = (fallbackDuration: number) => {
  const [element, setElement] = useState<HTMLMediaElement | null>(null);
  const [state, setState] = useState<MediaState>({
    currentTime: 0,
    duration: fallbackDuration,
    paused: true,
    rate: 1,
    failed: false,
  });
  const frame = useRef(0);

  useEffect(() => {
    if (!element) return;
    const read = () =>
      setState((previous) => {
        const duration =
          Number.isFinite(element.duration) && element.duration > 0 ? element.duration : fallbackDuration;
        const next = {
          currentTime: element.currentTime,
          duration,
          paused: element.paused,
          rate: element.playbackRate,
          failed: previous.failed,
        };
        return next.currentTime === previous.currentTime &&
          next.duration === previous.duration &&
          next.paused === previous.paused &&
          next.rate === previous.rate
          ? previous
          : next;
      });
    const tick = () => {
      read();
      if (!element.paused) frame.current = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(tick);
    };
    const onError = () => setState((previous) => ({ ...previous, failed: true }));
    const events = [
      'timeupdate',
      'durationchange',
      'loadedmetadata',
      'pause',
      'ratechange',
      'seeked',
      'ended',
    ];
    events.forEach((name) => element.addEventListener(name, read));
    element.addEventListener('play', onPlay);
    element.addEventListener('error', onError);
    read();
    return () => {
      cancelAnimationFrame(frame.current);
      events.forEach((name) => element.removeEventListener(name, read));
      element.removeEventListener('play', onPlay);
      element.removeEventListener('error', onError);
    };
  }, [element, fallbackDuration]);

  const seek = useCallback(
    (seconds: number) => {
      if (!element) return;
      const end = Number.isFinite(element.duration) ? element.duration : fallbackDuration;
      element.currentTime = Math.min(Math.max(0, seconds), Math.max(0, end));
      setState((previous) => ({ ...previous, currentTime: element.currentTime }));
    },
    [element, fallbackDuration],
  );

  const actions: MediaActions = {
    toggle: useCallback(() => {
      if (!element) return;
      if (element.paused) element.play().catch(() => setState((p) => ({ ...p, paused: true })));
      else element.pause();
    }, [element]),
    play: useCallback(() => {
      if (element?.paused) element.play().catch(() => setState((p) => ({ ...p, paused: true })));
    }, [element]),
    seek,
    skip: useCallback((delta: number) => element && seek(element.currentTime + delta), [element, seek]),
    setRate: useCallback(
      (rate: number) => {
        if (element) element.playbackRate = rate;
      },
      [element],
    ),
    stepRate: useCallback(
      (direction: 1 | -1) => {
        if (!element) return;
        const index = SPEEDS.findIndex((s) => s >= element.playbackRate - 0.001);
        const next = SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, (index < 0 ? 2 : index) + direction))];
        if (next) element.playbackRate = next;
      },
      [element],
    ),
  };

  return { ref: setElement, state, actions };
};
