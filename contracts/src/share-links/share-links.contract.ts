import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';
import { Transcript } from '../recordings/recordings.contract';

const c = initContract();

/**
 * Share links: a recording's owner makes a read-only link to its transcript (optionally with the media, with or
 * without download, with an expiry and a password) and can list and revoke the recording's links.
 *
 * A visitor needs no account: the link's random token (in the URL `/s/{token}`) is the only handle, the server
 * keeps only its SHA-256, so the token is shown once, when the link is created. Everything under
 * `/api/shared/{token}` answers `X-Robots-Tag: noindex`, 404 SHARE_LINK_NOT_FOUND for an unknown token and
 * 410 SHARE_LINK_GONE once the link is revoked, expired or its recording deleted. A password-protected link
 * answers 401 SHARE_PASSWORD_REQUIRED until `POST /api/shared/{token}/unlock` sets a short-lived httpOnly cookie
 * scoped to that link.
 */
export const SHARE_PAGE_PREFIX = '/s/';

export const ShareLink = z.object({
  id: z.string(),
  includeMedia: z.boolean(),
  allowDownload: z.boolean(),
  hasPassword: z.boolean(),
  /** ISO instant, null = until revoked. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** `active`, or why it no longer opens. */
  status: z.enum(['active', 'expired', 'revoked']),
  views: z.number().int().nonnegative(),
  lastViewedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof ShareLink>;

/**
 * Guessing is slowed per link (100 tries a day at most); 8 characters make that take years. Spaces do not count:
 * eight of them are one guess away.
 */
export const MIN_SHARE_PASSWORD_LENGTH = 8;
export const MAX_SHARE_PASSWORD_LENGTH = 200;
export const sharePasswordStrongEnough = (password: string): boolean =>
  password.replace(/\s/gu, '').length >= MIN_SHARE_PASSWORD_LENGTH;

export const CreateShareLinkBody = z
  .object({
    includeMedia: z.boolean().default(false),
    allowDownload: z.boolean().default(false),
    /** ISO instant in the future (at most 366 days ahead); absent or null = until revoked. */
    expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
    /** Visitors must type it before they see anything. */
    password: z
      .string()
      .max(MAX_SHARE_PASSWORD_LENGTH)
      .refine(sharePasswordStrongEnough, {
        message: `The password needs at least ${MIN_SHARE_PASSWORD_LENGTH} characters that are not spaces`,
      })
      .optional(),
  })
  .refine((b) => b.includeMedia || !b.allowDownload, {
    message: 'Downloads need the media to be shared too',
    path: ['allowDownload'],
  });
export type CreateShareLinkBody = z.infer<typeof CreateShareLinkBody>;

export const CreatedShareLink = z.object({
  link: ShareLink,
  /** The secret part of the URL. Shown only now: the server keeps only its hash. */
  token: z.string(),
  /** The page to send to visitors. */
  url: z.string(),
});
export type CreatedShareLink = z.infer<typeof CreatedShareLink>;

/** What a visitor sees: the transcript and how to play it, nothing else of the owner. */
export const SharedRecording = z.object({
  title: z.string(),
  transcript: Transcript.omit({ recordingId: true, version: true, editedAt: true, editedBy: true }),
  media: z
    .object({
      kind: z.enum(['audio', 'video']),
      mimeType: z.string(),
      sizeBytes: z.number().int().nullable(),
      /** The media route answers with `Content-Disposition: attachment` when `?download=true`. */
      downloadAllowed: z.boolean(),
    })
    .nullable(),
  expiresAt: z.string().nullable(),
});
export type SharedRecording = z.infer<typeof SharedRecording>;

export const UnlockShareBody = z.object({ password: z.string().min(1).max(MAX_SHARE_PASSWORD_LENGTH) });

const TokenParams = z.object({ token: z.string().min(1).max(100) });
const IdParams = z.object({ id: z.string().min(1).max(100) });
const LinkParams = z.object({ id: z.string().min(1).max(100), linkId: z.string().min(1).max(100) });
const owner = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const visitor = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 410: ErrorBody };

export const shareLinksContract = c.router({
  create: {
    method: 'POST',
    path: '/api/recordings/:id/share-links',
    pathParams: IdParams,
    body: CreateShareLinkBody,
    responses: { 201: CreatedShareLink, 409: ErrorBody, ...owner },
    summary: 'Create a read-only link to a completed transcript (the token is in the answer only)',
  },
  list: {
    method: 'GET',
    path: '/api/recordings/:id/share-links',
    pathParams: IdParams,
    responses: { 200: z.object({ items: z.array(ShareLink) }), ...owner },
    summary: "A recording's share links, newest first, with their status and views",
  },
  revoke: {
    method: 'DELETE',
    path: '/api/recordings/:id/share-links/:linkId',
    pathParams: LinkParams,
    body: c.noBody(),
    responses: { 200: ShareLink, ...owner },
    summary: 'Turn a link off: it stops opening at once',
  },
  get: {
    method: 'GET',
    path: '/api/shared/:token',
    pathParams: TokenParams,
    responses: { 200: SharedRecording, ...visitor },
    summary: 'Public: the shared transcript (counts a view); 401 SHARE_PASSWORD_REQUIRED until unlocked',
  },
  unlock: {
    method: 'POST',
    path: '/api/shared/:token/unlock',
    pathParams: TokenParams,
    body: UnlockShareBody,
    responses: { 204: c.noBody(), 429: ErrorBody, ...visitor },
    summary: 'Public: check the password of a protected link and set its short-lived cookie (rate-limited)',
  },
  media: {
    method: 'GET',
    path: '/api/shared/:token/media',
    pathParams: TokenParams,
    query: z.object({ download: z.enum(['true', 'false']).optional() }),
    responses: {
      200: c.otherResponse({ contentType: 'application/octet-stream', body: c.type<Blob>() }),
      206: c.otherResponse({ contentType: 'application/octet-stream', body: c.type<Blob>() }),
      403: ErrorBody,
      416: ErrorBody,
      ...visitor,
    },
    summary: 'Public: the media of a link shared with media, with Range (206); ?download=true when allowed',
  },
});
