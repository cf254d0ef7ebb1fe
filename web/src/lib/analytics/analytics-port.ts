/**
 * The analytics port: pages call `track`, sinks deliver. Nothing reaches a sink unless the consent check says
 * the visitor accepted analytics cookies at the moment of the event (events before consent are dropped, not
 * queued, so a later "yes" does not reveal earlier browsing).
 */
type AnalyticsEventName = 'page_view' | 'cta_clicked' | 'pricing_clicked';

export interface AnalyticsEvent {
  readonly event: AnalyticsEventName;
  readonly params: Readonly<Record<string, string>>;
}

export interface AnalyticsSink {
  send(event: AnalyticsEvent): void;
}

export interface Analytics {
  track(event: AnalyticsEventName, params: Record<string, string>): void;
}

export const createAnalytics = (options: {
  readonly consented: () => boolean;
  readonly sinks: readonly AnalyticsSink[];
}): Analytics => ({
  track(event, params) {
    if (!options.consented()) return;
    for (const sink of options.sinks) {
      try {
        sink.send({ event, params: { ...params } });
      } catch {
        // a broken sink (blocked third-party script) must never break the page
      }
    }
  },
});
