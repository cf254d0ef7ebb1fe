import type { AnalyticsSink } from './analytics-port';

export type DataLayerEntry = { event: string } & Record<string, string>;

interface DataLayerHost {
  dataLayer?: DataLayerEntry[];
}

/**
 * The embedded default: events are recorded in `window.dataLayer` (the array tag managers read, and what the
 * browser tests inspect) and echoed to the console in development. Nothing leaves the browser.
 */
export const dataLayerSink = (
  host: DataLayerHost,
  echo?: (entry: DataLayerEntry) => void,
): AnalyticsSink => ({
  send({ event, params }) {
    const entry: DataLayerEntry = { event, ...params };
    (host.dataLayer ??= []).push(entry);
    echo?.(entry);
  },
});
