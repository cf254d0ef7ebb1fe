import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';

const c = initContract();

/**
 * Custom vocabulary: an account's glossary of names and terms (people, products, clients, acronyms), each with how
 * it sounds when that helps ("Scrivo" sounds like "scree-vo"). The speech engine is given them on every upload of
 * the account, with the upload's own terms and its line of context, so it spells them the owner's way. Each save
 * sends the whole list (at most 500 terms of at most 100 characters, none twice): it replaces the one kept.
 */
export const MAX_GLOSSARY_TERMS = 500;
export const MAX_GLOSSARY_TERM_LENGTH = 100;

export const VocabularyTerm = z.object({
  text: z.string().trim().min(1).max(MAX_GLOSSARY_TERM_LENGTH),
  soundsLike: z.string().trim().max(MAX_GLOSSARY_TERM_LENGTH).optional(),
});
export type VocabularyTerm = z.infer<typeof VocabularyTerm>;

export const Vocabulary = z.object({ terms: z.array(VocabularyTerm).max(MAX_GLOSSARY_TERMS) });
export type Vocabulary = z.infer<typeof Vocabulary>;

/** The most terms one upload may add to the account's glossary, and the longest line of context. */
export const MAX_UPLOAD_TERMS = 100;
export const MAX_CONTEXT_LENGTH = 500;

const errors = { 400: ErrorBody, 401: ErrorBody };

export const vocabularyContract = c.router({
  get: {
    method: 'GET',
    path: '/api/vocabulary',
    responses: { 200: Vocabulary, 401: ErrorBody },
    summary: "The account's glossary of names and terms",
  },
  set: {
    method: 'PUT',
    path: '/api/vocabulary',
    body: Vocabulary,
    responses: { 200: Vocabulary, ...errors },
    summary: "Replace the account's glossary (the whole list; 400 VALIDATION_FAILED names the term at fault)",
  },
});

/**
 * An upload's own terms (multipart field `terms`, tus metadata `terms`: one per line or comma-separated) and its
 * line of context (`context`); null when it says none. A 400 names the field at fault.
 */
export const parseUploadVocabulary = (
  terms: string | undefined,
  context: string | undefined,
):
  | { ok: true; vocabulary: { terms: string[]; context: string | null } | null }
  | { ok: false; param: string; message: string } => {
  const list = [
    ...new Set(
      (terms ?? '')
        .split(/[\n,]/)
        .map((t) => t.trim().replace(/\s+/g, ' '))
        .filter(Boolean),
    ),
  ];
  if (list.length > MAX_UPLOAD_TERMS)
    return { ok: false, param: 'terms', message: `An upload adds at most ${MAX_UPLOAD_TERMS} terms.` };
  if (list.some((t) => t.length > 100))
    return { ok: false, param: 'terms', message: 'A term is at most 100 characters.' };
  const line = (context ?? '').trim().replace(/\s+/g, ' ');
  if (line.length > MAX_CONTEXT_LENGTH)
    return {
      ok: false,
      param: 'context',
      message: `The context is at most ${MAX_CONTEXT_LENGTH} characters.`,
    };
  if (list.length === 0 && !line) return { ok: true, vocabulary: null };
  return { ok: true, vocabulary: { terms: list, context: line || null } };
};
