import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';
import { RetentionPolicy } from './workspaces.contract';

const c = initContract();

/** A person's policy for their own space; null: recordings are kept until they delete them (the default). */
export const PersonalRetention = z.object({ policy: RetentionPolicy.nullable() });
export type PersonalRetention = z.infer<typeof PersonalRetention>;

/**
 * How long the recordings of the caller's own space (uploaded outside any workspace) are kept after upload: the same
 * policy and timer as a workspace's (`PUT /api/workspaces/:workspaceId/retention`), set by the person themselves.
 */
export const personalRetentionContract = c.router({
  get: {
    method: 'GET',
    path: '/api/account/retention',
    responses: { 200: PersonalRetention, 401: ErrorBody },
    summary: 'How long the recordings of your own space are kept after upload (null: until you delete them)',
  },
  set: {
    method: 'PUT',
    path: '/api/account/retention',
    body: PersonalRetention,
    responses: { 200: PersonalRetention, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    summary:
      'Set how long the recordings of your own space are kept after upload, or turn it off with null; applied by a timer',
  },
});
