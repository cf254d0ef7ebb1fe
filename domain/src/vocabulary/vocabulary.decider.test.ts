import { describe, it } from 'vitest';
import { DomainError } from '../kernel/errors';
import { DeciderSpecification } from '../testing';
import type { VocabularySet } from './events';
import { MAX_VOCABULARY_TERMS, vocabularyDecider } from './vocabulary.decider';

const spec = DeciderSpecification.for(vocabularyDecider);
const now = '2026-12-05T10:00:00.000Z';
const set = (terms: VocabularySet['data']['terms']): VocabularySet => ({
  type: 'VocabularySet',
  data: { userId: 'u1', terms, at: now },
});

describe('an account’s glossary of names and terms', () => {
  it('is saved whole, each term trimmed, an empty "sounds like" dropped', () =>
    spec
      .given([])
      .when({
        type: 'SetVocabulary',
        userId: 'u1',
        terms: [
          { text: '  Scrivo ', soundsLike: 'scree-vo' },
          { text: 'Kubernetes  operator', soundsLike: ' ' },
        ],
        now,
      })
      .then([set([{ text: 'Scrivo', soundsLike: 'scree-vo' }, { text: 'Kubernetes operator' }])]));

  it('changes nothing when the list sent is the list it holds', () =>
    spec
      .given([set([{ text: 'Scrivo' }])])
      .when({ type: 'SetVocabulary', userId: 'u1', terms: [{ text: 'Scrivo ' }], now })
      .then([]));

  it('can be emptied', () =>
    spec
      .given([set([{ text: 'Scrivo' }])])
      .when({ type: 'SetVocabulary', userId: 'u1', terms: [], now })
      .then([set([])]));

  it.each([
    ['an empty term', [{ text: '  ' }]],
    ['a term twice, whatever the case', [{ text: 'Scrivo' }, { text: 'scrivo' }]],
    ['a term over 100 characters', [{ text: 'x'.repeat(101) }]],
    [
      'more terms than a glossary holds',
      Array.from({ length: MAX_VOCABULARY_TERMS + 1 }, (_, i) => ({ text: `t${i}` })),
    ],
  ])('refuses %s', (_, terms) =>
    spec
      .given([])
      .when({ type: 'SetVocabulary', userId: 'u1', terms, now })
      .thenThrows((e) => e instanceof DomainError && e.code === 'VALIDATION_FAILED'),
  );
});
