import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { DeciderSpecification } from '../../testing';
import type { SummaryTemplateEvent } from './events';
import type { SummaryTemplate } from './summary-template';
import { findTemplate, MAX_OWN_TEMPLATES, summaryTemplatesDecider } from './summary-templates.decider';

const spec = DeciderSpecification.for(summaryTemplatesDecider);
const now = '2026-12-05T10:00:00.000Z';

const retro: SummaryTemplate = {
  id: 't1',
  name: 'Sprint retro',
  instructions: 'What went well, what did not, and what the team will change.',
  sections: {
    keyPoints: 'Went well / not well',
    decisions: 'We change',
    actionItems: 'Owners',
    chapters: null,
  },
};
const saved = (template: SummaryTemplate): SummaryTemplateEvent => ({
  type: 'SummaryTemplateSaved',
  data: { userId: 'u1', template, at: now },
});
const add = (template: SummaryTemplate) => ({
  type: 'AddSummaryTemplate' as const,
  userId: 'u1',
  template,
  now,
});
const change = (template: SummaryTemplate) => ({ ...add(template), type: 'ChangeSummaryTemplate' as const });
const code = (expected: string) => (error: unknown) =>
  error instanceof DomainError && error.code === expected;

describe('an account’s own summary templates', () => {
  it('saves a template with its instructions and the sections it keeps, tidied', () =>
    spec
      .given([])
      .when(add({ ...retro, name: '  Sprint   retro ', instructions: ` ${retro.instructions}\n` }))
      .then([saved(retro)]));

  it('changes one of its own, and saving it unchanged changes nothing', () => {
    spec
      .given([saved(retro)])
      .when(change({ ...retro, name: 'Retro' }))
      .then([saved({ ...retro, name: 'Retro' })]);
    spec
      .given([saved(retro)])
      .when(change(retro))
      .thenNothingHappens();
  });

  it('removes one of its own', () =>
    spec
      .given([saved(retro)])
      .when({ type: 'RemoveSummaryTemplate', userId: 'u1', templateId: 't1', now })
      .then([{ type: 'SummaryTemplateRemoved', data: { userId: 'u1', templateId: 't1', at: now } }]));

  it('changes only a template it has, and adds none under an id it has', () => {
    spec.given([]).when(change(retro)).thenThrows(code('NOT_FOUND'));
    spec
      .given([saved(retro)])
      .when(add(retro))
      .thenThrows(code('CONFLICT'));
  });

  it('cannot change or remove a built-in template, nor remove one it does not have', () => {
    spec
      .given([])
      .when(change({ ...retro, id: 'meeting' }))
      .thenThrows(code('TEMPLATE_BUILT_IN'));
    spec
      .given([])
      .when({ type: 'RemoveSummaryTemplate', userId: 'u1', templateId: 'meeting', now })
      .thenThrows(code('NOT_FOUND'));
  });

  it.each([
    ['no name', { ...retro, name: '  ' }],
    ['a name a built-in template has', { ...retro, name: 'lecture NOTES' }],
    ['instructions over 1,000 characters', { ...retro, instructions: 'x'.repeat(1001) }],
    [
      'an empty heading for a section it keeps',
      { ...retro, sections: { ...retro.sections, keyPoints: ' ' } },
    ],
  ])('refuses a template with %s', (_, template) =>
    spec.given([]).when(add(template)).thenThrows(code('VALIDATION_FAILED')),
  );

  it('refuses a second template of the same name, and more than it may keep', () => {
    spec
      .given([saved(retro)])
      .when(add({ ...retro, id: 't2', name: 'sprint retro' }))
      .thenThrows(code('VALIDATION_FAILED'));
    const many = Array.from({ length: MAX_OWN_TEMPLATES }, (_, i) =>
      saved({ ...retro, id: `m${i}`, name: `T${i}` }),
    );
    spec
      .given(many)
      .when(add({ ...retro, id: 'one-more' }))
      .thenThrows(code('VALIDATION_FAILED'));
  });

  it('finds a template by id among the built-in ones and its own', () => {
    const state = summaryTemplatesDecider.evolve(summaryTemplatesDecider.initialState(), saved(retro));
    expect(findTemplate(state, 'interview')?.name).toBe('Interview');
    expect(findTemplate(state, 't1')).toEqual(retro);
    expect(findTemplate(state, 'gone')).toBeUndefined();
  });
});
