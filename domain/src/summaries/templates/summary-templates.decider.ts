import type { Decider } from '../../kernel/decider';
import { DomainError, NotFoundError } from '../../kernel/errors';
import type { SummaryTemplateEvent } from './events';
import {
  BUILT_IN_TEMPLATES,
  SUMMARY_SECTIONS,
  type SummarySections,
  type SummaryTemplate,
} from './summary-template';

export const MAX_OWN_TEMPLATES = 20;
export const MAX_TEMPLATE_NAME_LENGTH = 60;
export const MAX_TEMPLATE_INSTRUCTIONS_LENGTH = 1000;
export const MAX_SECTION_HEADING_LENGTH = 40;

/** An account's own templates, in the order they were first saved. */
export interface SummaryTemplates {
  readonly own: readonly SummaryTemplate[];
}

export type SummaryTemplatesCommand =
  /** A new template, under an id chosen by the caller. */
  | { type: 'AddSummaryTemplate'; userId: string; template: SummaryTemplate; now: string }
  /** One of the account's own, as it now should be. */
  | { type: 'ChangeSummaryTemplate'; userId: string; template: SummaryTemplate; now: string }
  | { type: 'RemoveSummaryTemplate'; userId: string; templateId: string; now: string };

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);
const tidy = (text: string) => text.trim().replace(/[ \t]+/g, ' ');

const checkedHeading = (value: string | null): string | null => {
  if (value === null) return null;
  const heading = tidy(value);
  if (!heading) throw invalid('A section kept needs a heading.');
  if (heading.length > MAX_SECTION_HEADING_LENGTH)
    throw invalid(`A section heading is at most ${MAX_SECTION_HEADING_LENGTH} characters.`);
  return heading;
};

const checkedSections = (sections: SummarySections): SummarySections => ({
  keyPoints: checkedHeading(sections.keyPoints),
  decisions: checkedHeading(sections.decisions),
  actionItems: checkedHeading(sections.actionItems),
  chapters: checkedHeading(sections.chapters),
});

const checked = (template: SummaryTemplate, state: SummaryTemplates): SummaryTemplate => {
  const name = tidy(template.name);
  const instructions = template.instructions.trim();
  if (!name) throw invalid('A template needs a name.');
  if (name.length > MAX_TEMPLATE_NAME_LENGTH)
    throw invalid(`A template's name is at most ${MAX_TEMPLATE_NAME_LENGTH} characters.`);
  if (instructions.length > MAX_TEMPLATE_INSTRUCTIONS_LENGTH)
    throw invalid(`A template's instructions are at most ${MAX_TEMPLATE_INSTRUCTIONS_LENGTH} characters.`);
  // Two templates of one name could not be told apart in the list a summary is started from.
  const taken = [...BUILT_IN_TEMPLATES, ...state.own].some(
    (other) => other.id !== template.id && other.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw invalid(`There is already a template called "${name}".`);
  return { id: template.id, name, instructions, sections: checkedSections(template.sections) };
};

const same = (a: SummaryTemplate, b: SummaryTemplate) =>
  a.name === b.name &&
  a.instructions === b.instructions &&
  SUMMARY_SECTIONS.every((section) => a.sections[section] === b.sections[section]);

/** The templates an account wrote for its own kinds of recording, beside the built-in ones (which it cannot change). */
export const summaryTemplatesDecider: Decider<
  SummaryTemplatesCommand,
  SummaryTemplateEvent,
  SummaryTemplates
> = {
  initialState: () => ({ own: [] }),
  decide(command, state) {
    if (command.type === 'RemoveSummaryTemplate') {
      if (!state.own.some((t) => t.id === command.templateId))
        throw new NotFoundError('Summary template', command.templateId);
      return [
        {
          type: 'SummaryTemplateRemoved',
          data: { userId: command.userId, templateId: command.templateId, at: command.now },
        },
      ];
    }
    if (BUILT_IN_TEMPLATES.some((t) => t.id === command.template.id))
      throw new DomainError(
        'TEMPLATE_BUILT_IN',
        'A built-in template cannot be changed: save a copy under a new name.',
      );
    const before = state.own.find((t) => t.id === command.template.id);
    // Whose template it is comes before what it says: another account's id is not found, whatever is sent.
    if (command.type === 'ChangeSummaryTemplate' && !before)
      throw new NotFoundError('Summary template', command.template.id);
    const template = checked(command.template, state);
    if (command.type === 'ChangeSummaryTemplate') {
      if (before && same(before, template)) return [];
    } else {
      if (before) throw new DomainError('CONFLICT', 'A template with this id already exists.');
      if (state.own.length >= MAX_OWN_TEMPLATES)
        throw invalid(`An account keeps at most ${MAX_OWN_TEMPLATES} templates of its own.`);
    }
    return [{ type: 'SummaryTemplateSaved', data: { userId: command.userId, template, at: command.now } }];
  },
  evolve(state, event) {
    if (event.type === 'SummaryTemplateRemoved')
      return { own: state.own.filter((t) => t.id !== event.data.templateId) };
    const template = event.data.template;
    return state.own.some((t) => t.id === template.id)
      ? { own: state.own.map((t) => (t.id === template.id ? template : t)) }
      : { own: [...state.own, template] };
  },
};

/** The template a summary is asked for by: built-in or the account's own; none of that id is undefined. */
export const findTemplate = (state: SummaryTemplates, id: string): SummaryTemplate | undefined =>
  BUILT_IN_TEMPLATES.find((t) => t.id === id) ?? state.own.find((t) => t.id === id);
