import { useEffect } from 'react';

export interface SeoOptions {
  readonly title: string;
  readonly description: string;
  /** The page's own path; the canonical link is this path on the current origin. */
  readonly path: string;
  readonly lang?: string;
  /** hreflang alternates (language code to path), e.g. the three landing pages. */
  readonly alternates?: Readonly<Record<string, string>>;
  readonly jsonLd?: readonly object[];
}

const MARK = 'data-seo';

const setMeta = (name: string, content: string) => {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
};

const addTag = <K extends 'link' | 'script'>(tag: K, attributes: Record<string, string>, text?: string) => {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  element.setAttribute(MARK, '');
  // JSON-LD is data, not markup: "<" is escaped so a string can never close the script element.
  if (text !== undefined) element.textContent = text.replace(/</g, '\\u003c');
  document.head.appendChild(element);
};

/**
 * A small head manager for a single-page app: title, description, canonical, hreflang alternates and JSON-LD.
 * Each page replaces what the previous page set.
 */
export const useSeo = (options: SeoOptions) => {
  const key = JSON.stringify(options);
  useEffect(() => {
    const { title, description, path, lang = 'en', alternates, jsonLd } = JSON.parse(key) as SeoOptions;
    const origin = window.location.origin;
    document.title = title;
    document.documentElement.lang = lang;
    setMeta('description', description);
    document.head.querySelectorAll(`[${MARK}]`).forEach((node) => node.remove());
    addTag('link', { rel: 'canonical', href: origin + path });
    if (alternates) {
      for (const [hreflang, href] of Object.entries(alternates)) {
        addTag('link', { rel: 'alternate', hreflang, href: origin + href });
      }
      if (alternates.en)
        addTag('link', { rel: 'alternate', hreflang: 'x-default', href: origin + alternates.en });
    }
    for (const data of jsonLd ?? []) addTag('script', { type: 'application/ld+json' }, JSON.stringify(data));
  }, [key]);
};

export const LANDING_ALTERNATES = { en: '/', es: '/es', fr: '/fr' } as const;
