import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';

const c = initContract();

/**
 * AI summaries of a transcript (Business Pro): an overview, key points, decisions, action items with their
 * owner, and chapters, every item tied to the second of the recording it comes from (a link that seeks the
 * player). Written by a job (the local language model, or Hugging Face when the operator configures it) in parts
 * that follow the transcript, so a long meeting is summarised whole; `progress` follows the parts.
 *
 * `POST /api/recordings/{id}/summary` starts (or regenerates) it and answers 202 with `status: running`; poll
 * `GET` until `ready` or `failed`. After the transcript is edited the summary says `outOfDate: true`.
 * `PUT` saves the owner's edits (send the `revision` you started from: another save in between is 409
 * SUMMARY_VERSION_CONFLICT). Other plans get 402 PLAN_UPGRADE_REQUIRED on POST and PUT; their GET answers
 * `planAllows: false` so the page can show what a summary looks like and how to get one.
 */
const LanguageCode = z.string().regex(/^[a-z]{2}$/, 'a two-letter language code such as "en"');
const Second = z.number().finite().nonnegative();
const Text = z.string().max(4000);

export const SummaryPoint = z.object({ text: Text.min(1), at: Second });
export const SummaryActionItem = SummaryPoint.extend({
  /** The person the transcript names for it, null when nobody is named. */
  owner: z.string().max(4000).nullable(),
});
export const SummaryChapter = z.object({ title: Text.min(1), start: Second });
export const SummaryContent = z.object({
  overview: Text,
  keyPoints: z.array(SummaryPoint).max(200),
  decisions: z.array(SummaryPoint).max(200),
  actionItems: z.array(SummaryActionItem).max(200),
  chapters: z.array(SummaryChapter).max(200),
});
export type SummaryContent = z.infer<typeof SummaryContent>;

const Heading = z.string().max(40);
/** Which sections a template keeps, each under its heading; null leaves the section out (a lecture has no decisions). */
export const SummarySections = z.object({
  keyPoints: Heading.nullable(),
  decisions: Heading.nullable(),
  actionItems: Heading.nullable(),
  chapters: Heading.nullable(),
});
export type SummarySections = z.infer<typeof SummarySections>;
/** The template a summary was written with, as the page shows it. */
export const SummaryTemplateUsed = z.object({ id: z.string(), name: z.string(), sections: SummarySections });

/**
 * What a summary is for: meeting (the default), interview, lecture notes, sales call, stand-up, or one of the
 * account's own. `instructions` are read by the model with the transcript; built-in templates cannot be changed.
 */
export const SummaryTemplate = SummaryTemplateUsed.extend({
  instructions: z.string().max(1000),
  builtIn: z.boolean(),
});
export type SummaryTemplate = z.infer<typeof SummaryTemplate>;
export const SummaryTemplates = z.object({ templates: z.array(SummaryTemplate) });
export type SummaryTemplates = z.infer<typeof SummaryTemplates>;
export const SummaryTemplateBody = z.object({
  name: z.string().min(1).max(60),
  instructions: z.string().max(1000),
  sections: SummarySections,
});
export type SummaryTemplateBody = z.infer<typeof SummaryTemplateBody>;

export const Summary = z.object({
  recordingId: z.string(),
  /** `none`: never requested; `running`: being written (an earlier `content` stays readable meanwhile). */
  status: z.enum(['none', 'running', 'ready', 'failed', 'cancelled']),
  /** 0..1 while running. */
  progress: z.number().min(0).max(1),
  content: SummaryContent.nullable(),
  /** ISO 639-1 code the content is written in. */
  language: z.string().nullable(),
  /** The engine that wrote it, e.g. `local:qwen2.5-coder-1.5b-instruct`. */
  engine: z.string().nullable(),
  /** Goes up with every write and edit; send it back with an edit. */
  revision: z.number().int().nonnegative(),
  /** The transcript version the content summarises. */
  transcriptVersion: z.number().int().nonnegative(),
  /** The transcript was edited after the summary was written: regenerate to catch up. */
  outOfDate: z.boolean(),
  /** Why the last attempt failed (the last good content, if any, is still there). */
  failure: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /**
   * The plan that pays includes summaries (Business Pro): the caller's, or for a workspace's recording someone else
   * uploaded, the uploader's.
   */
  planAllows: z.boolean(),
  /** The template `content` was written with (a meeting for summaries from before templates). */
  template: SummaryTemplateUsed,
  /**
   * While the summary waits for the language model: how many summaries and translations go first (those being
   * written now included). Null once it is being written, when not running, or when the queue cannot tell.
   */
  ahead: z.number().int().nonnegative().nullable(),
  /**
   * While a summary of several parts is written: what the parts done so far say, merged, shown until the whole
   * is ready; null before the first part is done and once it is written.
   */
  draft: z
    .object({
      content: SummaryContent,
      partsDone: z.number().int().nonnegative(),
      partsTotal: z.number().int().positive(),
      /** About how long the rest takes, from the time the parts done took. */
      secondsLeft: z.number().int().nonnegative(),
      /** The template being written with. */
      template: SummaryTemplateUsed,
    })
    .nullable(),
});
export type Summary = z.infer<typeof Summary>;

export const RequestSummaryBody = z.object({
  /** The language to write in; absent = the transcript's own. */
  language: LanguageCode.optional(),
  /** The id of the template to write with (`GET /api/summaries/templates`); absent = `meeting`. */
  template: z.string().min(1).max(100).optional(),
});
export type RequestSummaryBody = z.infer<typeof RequestSummaryBody>;

export const EditSummaryBody = z.object({
  content: SummaryContent,
  revision: z.number().int().nonnegative(),
});
export type EditSummaryBody = z.infer<typeof EditSummaryBody>;

export const SummarySettings = z.object({
  /** Summarise every new transcript as soon as it is ready (Business Pro). */
  autoSummarize: z.boolean(),
  planAllows: z.boolean(),
});
export type SummarySettings = z.infer<typeof SummarySettings>;
export const SummarySettingsBody = z.object({ autoSummarize: z.boolean() });

const IdParams = z.object({ id: z.string().min(1).max(100) });
const TemplateParams = z.object({ templateId: z.string().min(1).max(100) });
const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const summariesContract = c.router({
  settings: {
    method: 'GET',
    path: '/api/summaries/settings',
    responses: { 200: SummarySettings, 401: ErrorBody },
    summary: "The caller's summary settings",
  },
  changeSettings: {
    method: 'PUT',
    path: '/api/summaries/settings',
    body: SummarySettingsBody,
    responses: { 200: SummarySettings, ...errors },
    summary: 'Turn automatic summaries of new transcripts on or off (turning on needs Business Pro)',
  },
  templates: {
    method: 'GET',
    path: '/api/summaries/templates',
    responses: { 200: SummaryTemplates, 401: ErrorBody },
    summary: "The templates a summary can be written with: the built-in ones, then the account's own",
  },
  createTemplate: {
    method: 'POST',
    path: '/api/summaries/templates',
    body: SummaryTemplateBody,
    responses: { 201: SummaryTemplate, 400: ErrorBody, 401: ErrorBody },
    summary: 'Save a template of your own (at most 20): its name, instructions and the sections it keeps',
  },
  changeTemplate: {
    method: 'PUT',
    path: '/api/summaries/templates/:templateId',
    pathParams: TemplateParams,
    body: SummaryTemplateBody,
    responses: { 200: SummaryTemplate, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    summary: 'Change one of your templates (a built-in one answers 409 TEMPLATE_BUILT_IN)',
  },
  removeTemplate: {
    method: 'DELETE',
    path: '/api/summaries/templates/:templateId',
    pathParams: TemplateParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), 401: ErrorBody, 404: ErrorBody },
    summary: 'Remove one of your templates (summaries written with it keep it)',
  },
  get: {
    method: 'GET',
    path: '/api/recordings/:id/summary',
    pathParams: IdParams,
    responses: { 200: Summary, ...errors },
    summary: "The recording's summary, its job's progress and whether it is out of date",
  },
  request: {
    method: 'POST',
    path: '/api/recordings/:id/summary',
    pathParams: IdParams,
    body: RequestSummaryBody,
    responses: { 202: Summary, 409: ErrorBody, 501: ErrorBody, ...errors },
    summary: 'Write (or rewrite) the summary of a finished transcript as a background job (Business Pro)',
  },
  cancel: {
    method: 'POST',
    path: '/api/recordings/:id/summary/cancel',
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: Summary, ...errors },
    summary: 'Stop the summary being written (the previous one, if any, stays)',
  },
  edit: {
    method: 'PUT',
    path: '/api/recordings/:id/summary',
    pathParams: IdParams,
    body: EditSummaryBody,
    responses: { 200: Summary, 409: ErrorBody, ...errors },
    summary: "Save the owner's edits to the summary (autosave sends the revision it started from)",
  },
});
