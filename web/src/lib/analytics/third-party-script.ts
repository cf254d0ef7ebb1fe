/**
 * The optional third-party analytics script (configured at build time with VITE_ANALYTICS_SCRIPT_URL). It is
 * added to the page head only once the visitor has accepted analytics cookies, and never otherwise.
 */
const SCRIPT_MARKER = 'data-scrivo-analytics';

export const loadThirdPartyScript = (doc: Document, src: string | undefined): boolean => {
  if (!src || doc.head.querySelector(`script[${SCRIPT_MARKER}]`)) return false;
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.setAttribute(SCRIPT_MARKER, '');
  doc.head.appendChild(script);
  return true;
};
