/** A marketing or info page as data: the generic page renders it, the route supplies it. */
interface InfoSection {
  readonly heading: string;
  readonly paragraphs?: readonly string[];
  readonly bullets?: readonly string[];
}

export interface InfoPageContent {
  readonly path: string;
  readonly eyebrow?: string;
  readonly title: string;
  readonly lead: string;
  /** The document title; defaults to "{title} | Scrivo". */
  readonly metaTitle?: string;
  readonly description: string;
  readonly sections: readonly InfoSection[];
  readonly cta?: { readonly label: string; readonly href: string };
  readonly updated?: string;
}
