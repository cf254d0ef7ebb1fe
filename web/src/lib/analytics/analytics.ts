import { getConsent, subscribeConsent } from '../consent/consent';
import { createAnalytics } from './analytics-port';
import { dataLayerSink } from './data-layer-sink';
import { loadThirdPartyScript } from './third-party-script';

const scriptUrl: string | undefined = import.meta.env.VITE_ANALYTICS_SCRIPT_URL || undefined;
const analyticsAllowed = () => getConsent().preferences.analytics;

/** The app's analytics: the embedded data-layer recorder, gated by the cookie consent. */
export const analytics = createAnalytics({
  consented: analyticsAllowed,
  sinks: [
    dataLayerSink(window as Window & { dataLayer?: [] }, (entry) => {
      if (import.meta.env.DEV) console.debug('[analytics]', entry);
    }),
  ],
});

const loadScriptIfAllowed = () => {
  if (analyticsAllowed()) loadThirdPartyScript(document, scriptUrl);
};
loadScriptIfAllowed();
subscribeConsent(loadScriptIfAllowed);
