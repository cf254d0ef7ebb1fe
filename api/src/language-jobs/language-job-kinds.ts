import { SUMMARY_JOB } from '../summaries/summary-job';
import { TRANSLATION_JOB } from '../translations/translation-job';

/** The kinds of job the language worker's slots take: they wait in one line for the language model. */
export const LANGUAGE_JOB_KINDS: readonly string[] = [SUMMARY_JOB, TRANSLATION_JOB];
