import type { DomainEvent } from '../../kernel/events';
import type { SummaryTemplate } from './summary-template';

// ---- one account's own summary templates: `summary-templates-{userId}` ----
/** A template added or changed (the whole template as it now is). */
export type SummaryTemplateSaved = DomainEvent<
  'SummaryTemplateSaved',
  { userId: string; template: SummaryTemplate; at: string }
>;
export type SummaryTemplateRemoved = DomainEvent<
  'SummaryTemplateRemoved',
  { userId: string; templateId: string; at: string }
>;
export type SummaryTemplateEvent = SummaryTemplateSaved | SummaryTemplateRemoved;

export const summaryTemplatesStream = (userId: string) => `summary-templates-${userId}`;
