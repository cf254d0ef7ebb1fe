import { DomainError } from '@scrivo/domain';
import { ApiError } from '../../common/api-error';

/**
 * A failure of the machinery (blob store full or read-only, event store unreachable), as opposed to a refusal
 * the domain or the HTTP layer made on purpose. It is answered as 503 in the API's error shape: the OS error
 * names server paths, so it goes to the log only.
 */
export const isInfrastructureFailure = (error: unknown): boolean =>
  !(error instanceof DomainError) && !(error instanceof ApiError);

/** A one-request upload: its bytes are gone with the request, so the user sends the file again later. */
export const uploadNotStored = () =>
  new ApiError(
    503,
    'STORAGE_UNAVAILABLE',
    'The file could not be stored right now (the server is out of space or cannot write). Please try again later.',
    { retryAfterSeconds: 60 },
  );

/** A resumable upload: its bytes stay on disk and the upload recovery finishes it once storage works again. */
export const uploadNotFinishedYet = () =>
  new ApiError(
    503,
    'STORAGE_UNAVAILABLE',
    'The file arrived but could not be stored right now. Scrivo finishes it by itself once storage works again; there is no need to upload it again.',
    { retryAfterSeconds: 60 },
  );
