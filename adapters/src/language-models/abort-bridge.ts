import type { CancelSignal } from '@scrivo/domain/recordings';

/** The platform AbortSignal that follows the domain's CancelSignal (fetch and the HF client take the former). */
export const abortSignalFor = (signal: CancelSignal | undefined): AbortSignal | undefined => {
  if (!signal) return undefined;
  // Already the platform's: no bridge (and no listener left behind on a signal shared by many requests).
  if (signal instanceof AbortSignal) return signal;
  const controller = new AbortController();
  if (signal.aborted) controller.abort();
  else signal.addEventListener('abort', () => controller.abort());
  return controller.signal;
};
