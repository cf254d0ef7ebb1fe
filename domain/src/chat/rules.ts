/** Longest message a visitor or an admin may send, in characters. */
export const MAX_MESSAGE_LENGTH = 2000;
/** Below this assistant confidence a person takes over (configurable per deployment, this is the default). */
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.5;
export const MAX_CONTEXT_PAGE_LENGTH = 500;

/** What the visitor reads instead of an answer the assistant is unsure of. */
export const HANDOVER_MESSAGE =
  "I'm not confident I can answer that correctly, so I've passed your question to our support team. A person will reply here.";

const HUMAN_REQUEST =
  /\b(talk|speak|chat|connect)\b.{0,20}\b(person|human|agent|someone|somebody|representative|staff|people)\b|\b(real|live) (person|human|agent)\b|\bhuman (agent|support)\b|\b(hablar con|parler à|parler a) (una persona|un humain|une personne|un agente|un agent)\b/i;

/** The visitor asks for a person in their own words (the widget's button sends an explicit request instead). */
export const asksForHuman = (content: string): boolean => HUMAN_REQUEST.test(content);

/**
 * Two questions are "the same" when they match after case, accents, punctuation and spacing are ignored:
 * a visitor repeating themselves is a sign the answer did not help.
 */
export const normalizeQuestion = (content: string): string =>
  content
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;
/** An allowed origin is a scheme, a host and an optional port, nothing else (no path, no wildcard). */
export const isOrigin = (value: string): boolean => ORIGIN.test(value);

export { isEmail } from '../kernel/email';
