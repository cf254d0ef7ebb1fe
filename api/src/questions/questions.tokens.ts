/** The language model questions are answered with, or null when the operator turned it off. */
export const QUESTIONS_LANGUAGE_MODEL = Symbol('QUESTIONS_LANGUAGE_MODEL');
/** Ranks a transcript's lines for a question. */
export const LINE_SEARCH = Symbol('LINE_SEARCH');
