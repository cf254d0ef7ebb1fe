import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';
import { DeletedRecording, ExportFormat } from '../recordings/recordings.contract';

const c = initContract();

/**
 * Folders (a recording is in one at most) and tags (as many as wanted) of the caller's library, the folder new
 * uploads go to, and moving or tagging several recordings at once. `GET /api/recordings?folder=<id>&tag=<id>`
 * filters the library (and its search) by them; each list item carries its `folderId` and `tagIds`.
 */
export const Label = z.object({ id: z.string(), name: z.string() });
export type Label = z.infer<typeof Label>;

export const Library = z.object({
  folders: z.array(Label),
  tags: z.array(Label),
  /** Where new uploads go; null: no folder. */
  defaultFolderId: z.string().nullable(),
});
export type Library = z.infer<typeof Library>;

export const LabelName = z.object({ name: z.string().trim().min(1).max(60) });
const RecordingIds = z.array(z.string().min(1).max(100)).min(1).max(100);
/** Recordings into a folder (null: out of any folder), as `POST /api/library/move` and a workspace's own. */
export const FileRecordingsBody = z.object({
  recordingIds: RecordingIds,
  folderId: z.string().min(1).max(100).nullable(),
});
/** Tags on and off recordings, as `POST /api/library/tag` and a workspace's own. */
export const TagRecordingsBody = z.object({
  recordingIds: RecordingIds,
  add: z.array(z.string().min(1).max(100)).max(50).default([]),
  remove: z.array(z.string().min(1).max(100)).max(50).default([]),
});
const folderId = z.object({ folderId: z.string().min(1).max(100) });
const tagId = z.object({ tagId: z.string().min(1).max(100) });
/** At most this many recordings in one zip (the export renders each one). */
export const MAX_BULK_EXPORT = 50;

const queryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * `GET /api/library/export?ids=a,b,c&format=pdf`: a zip of the transcripts of the chosen recordings, one file
 * each in the chosen format (named after the title), streamed as it is written. Every id must be the caller's
 * and transcribed: another user's or an unknown id answers 404 (which one is named only by its id), a recording
 * without a transcript 409 with its title.
 */
export const BulkExportQuery = z.object({
  ids: z
    .string()
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(
          z
            .string()
            .max(100)
            .regex(/^[\w-]+$/, 'recording ids are letters, digits, - and _'),
        )
        .min(1, 'choose at least one recording')
        .max(MAX_BULK_EXPORT, `at most ${MAX_BULK_EXPORT} recordings in one zip`),
    ),
  format: ExportFormat,
  /** Include timestamps (txt, docx, pdf). Default true. */
  timestamps: queryBool,
  /** Include speaker names when known. Default true. */
  speakers: queryBool,
});
export type BulkExportQuery = z.infer<typeof BulkExportQuery>;

/** What a bulk delete did: every recording is deleted on its own, so some may fail while others are deleted. */
export const BulkDeleteResult = z.object({
  deleted: z.array(DeletedRecording),
  failed: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
});
export type BulkDeleteResult = z.infer<typeof BulkDeleteResult>;

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const libraryContract = c.router({
  get: {
    method: 'GET',
    path: '/api/library',
    responses: { 200: Library, 401: ErrorBody },
    summary: "The caller's folders and tags (by name) and the default folder of uploads",
  },
  createFolder: {
    method: 'POST',
    path: '/api/library/folders',
    body: LabelName,
    responses: { 201: Label, ...errors },
    summary: 'Create a folder (names are unique, whatever the case)',
  },
  renameFolder: {
    method: 'PATCH',
    path: '/api/library/folders/:folderId',
    pathParams: folderId,
    body: LabelName,
    responses: { 200: Label, ...errors },
    summary: 'Rename a folder',
  },
  deleteFolder: {
    method: 'DELETE',
    path: '/api/library/folders/:folderId',
    pathParams: folderId,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors },
    summary: 'Delete a folder; its recordings stay, without a folder',
  },
  createTag: {
    method: 'POST',
    path: '/api/library/tags',
    body: LabelName,
    responses: { 201: Label, ...errors },
    summary: 'Create a tag',
  },
  renameTag: {
    method: 'PATCH',
    path: '/api/library/tags/:tagId',
    pathParams: tagId,
    body: LabelName,
    responses: { 200: Label, ...errors },
    summary: 'Rename a tag',
  },
  deleteTag: {
    method: 'DELETE',
    path: '/api/library/tags/:tagId',
    pathParams: tagId,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors },
    summary: 'Delete a tag; it comes off every recording',
  },
  setDefaultFolder: {
    method: 'PUT',
    path: '/api/library/default-folder',
    body: z.object({ folderId: z.string().min(1).max(100).nullable() }),
    responses: { 200: Library, ...errors },
    summary: 'Choose the folder new uploads go to (null: none)',
  },
  move: {
    method: 'POST',
    path: '/api/library/move',
    body: FileRecordingsBody,
    responses: { 204: c.noBody(), ...errors },
    summary: 'Move recordings into a folder (null: out of any folder)',
  },
  tag: {
    method: 'POST',
    path: '/api/library/tag',
    body: TagRecordingsBody,
    responses: { 204: c.noBody(), ...errors },
    summary: 'Add tags to and remove tags from recordings',
  },
  remove: {
    method: 'POST',
    path: '/api/library/delete',
    body: z.object({ recordingIds: RecordingIds }),
    responses: { 200: BulkDeleteResult, ...errors },
    summary:
      'Delete recordings, each as DELETE /api/recordings/{id} does (restorable for the grace period); those that could not be deleted are listed with why',
  },
  exportZip: {
    method: 'GET',
    path: '/api/library/export',
    query: BulkExportQuery,
    responses: {
      200: c.otherResponse({ contentType: 'application/zip', body: c.type<Blob>() }),
      ...errors,
    },
    summary: `A zip of the chosen recordings' transcripts in one format (at most ${MAX_BULK_EXPORT}, streamed)`,
  },
});
