import { describe, expect, it } from 'vitest';
import { createAnalytics, type AnalyticsEvent } from './analytics-port';
import { dataLayerSink, type DataLayerEntry } from './data-layer-sink';

describe('the analytics port', () => {
  it('sends nothing while the visitor has not accepted analytics cookies', () => {
    const sent: AnalyticsEvent[] = [];
    const analytics = createAnalytics({ consented: () => false, sinks: [{ send: (e) => sent.push(e) }] });
    analytics.track('cta_clicked', { place: 'hero', label: 'get_started' });
    expect(sent).toEqual([]);
  });

  it('delivers events once analytics is accepted, and drops (not replays) the earlier ones', () => {
    let consented = false;
    const sent: AnalyticsEvent[] = [];
    const analytics = createAnalytics({ consented: () => consented, sinks: [{ send: (e) => sent.push(e) }] });
    analytics.track('page_view', { path: '/' });
    consented = true;
    analytics.track('pricing_clicked', { place: 'pricing_section', plan: 'Premium' });
    expect(sent).toEqual([
      { event: 'pricing_clicked', params: { place: 'pricing_section', plan: 'Premium' } },
    ]);
  });

  it('keeps going when one sink throws', () => {
    const sent: AnalyticsEvent[] = [];
    const analytics = createAnalytics({
      consented: () => true,
      sinks: [
        {
          send: () => {
            throw new Error('blocked');
          },
        },
        { send: (e) => sent.push(e) },
      ],
    });
    analytics.track('page_view', { path: '/es' });
    expect(sent).toHaveLength(1);
  });

  it('records events in the data layer the embedded default keeps in the page', () => {
    const host: { dataLayer?: DataLayerEntry[] } = {};
    dataLayerSink(host).send({ event: 'cta_clicked', params: { place: 'hero', label: 'get_started' } });
    expect(host.dataLayer).toEqual([{ event: 'cta_clicked', place: 'hero', label: 'get_started' }]);
  });
});
