import { DomainError } from '../kernel/errors';
import type { SummarySections } from './templates/summary-template';
import {
  MAX_SUMMARY_ITEMS,
  MAX_SUMMARY_TEXT_LENGTH,
  type SummaryActionItem,
  type SummaryChapter,
  type SummaryContent,
  type SummaryPoint,
} from './summary';

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);

const tidy = (text: string, what: string, allowEmpty = false): string => {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!allowEmpty && clean.length === 0) throw invalid(`${what} cannot be empty.`);
  if (clean.length > MAX_SUMMARY_TEXT_LENGTH)
    throw invalid(`${what} can be at most ${MAX_SUMMARY_TEXT_LENGTH} characters.`);
  return clean;
};

const second = (at: number, what: string): number => {
  if (!Number.isFinite(at) || at < 0) throw invalid(`${what} must be a second of the recording (0 or more).`);
  return Math.round(at * 1000) / 1000;
};

const list = <T>(items: readonly T[], what: string, each: (item: T, index: number) => T): T[] => {
  if (items.length > MAX_SUMMARY_ITEMS)
    throw invalid(`${what} can hold at most ${MAX_SUMMARY_ITEMS} entries.`);
  return items.map(each);
};

const point = (what: string) => (p: SummaryPoint, i: number) => ({
  text: tidy(p.text, `${what} ${i + 1}`),
  at: second(p.at, `The time of ${what.toLowerCase()} ${i + 1}`),
});

/**
 * Tidies a summary (single spaces, trimmed, times rounded to the millisecond) or refuses it: the same rules for
 * what an engine wrote and what a person typed, so a replay never meets a summary the decider would refuse.
 */
export const cleanSummaryContent = (content: SummaryContent): SummaryContent => ({
  overview: tidy(content.overview, 'The overview', true),
  keyPoints: list(content.keyPoints, 'Key points', point('Key point')),
  decisions: list(content.decisions, 'Decisions', point('Decision')),
  actionItems: list(content.actionItems, 'Action items', (item: SummaryActionItem, i): SummaryActionItem => {
    const owner = item.owner === null ? '' : tidy(item.owner, `The owner of action item ${i + 1}`, true);
    return { ...point('Action item')(item, i), owner: owner === '' ? null : owner };
  }),
  chapters: list(content.chapters, 'Chapters', (c: SummaryChapter, i) => ({
    title: tidy(c.title, `Chapter ${i + 1}`),
    start: second(c.start, `The start of chapter ${i + 1}`),
  })),
});

/** The summary as plain text: exports, search and webhooks read it this way. */
export const summaryText = (content: SummaryContent, labels = SUMMARY_LABELS): string => {
  const clock = (at: number) => {
    const s = Math.floor(at);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const pad = (n: number) => String(n).padStart(2, '0');
    return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
  };
  const section = (title: string, lines: string[]) => (lines.length ? [title, ...lines, ''] : []);
  return [
    ...section(labels.overview, content.overview ? [content.overview] : []),
    ...section(
      labels.keyPoints,
      content.keyPoints.map((p) => `- ${p.text} (${clock(p.at)})`),
    ),
    ...section(
      labels.decisions,
      content.decisions.map((p) => `- ${p.text} (${clock(p.at)})`),
    ),
    ...section(
      labels.actionItems,
      content.actionItems.map((p) => `- ${p.owner ? `${p.owner}: ` : ''}${p.text} (${clock(p.at)})`),
    ),
    ...section(
      labels.chapters,
      content.chapters.map((c) => `${clock(c.start)} ${c.title}`),
    ),
  ]
    .join('\n')
    .trim();
};

export const SUMMARY_LABELS = {
  overview: 'Overview',
  keyPoints: 'Key points',
  decisions: 'Decisions',
  actionItems: 'Action items',
  chapters: 'Chapters',
};

/** A summary's headings as its template names them (a section it leaves out is empty, so never printed). */
export const summaryLabels = (sections: SummarySections): typeof SUMMARY_LABELS => ({
  overview: SUMMARY_LABELS.overview,
  keyPoints: sections.keyPoints ?? SUMMARY_LABELS.keyPoints,
  decisions: sections.decisions ?? SUMMARY_LABELS.decisions,
  actionItems: sections.actionItems ?? SUMMARY_LABELS.actionItems,
  chapters: sections.chapters ?? SUMMARY_LABELS.chapters,
});
