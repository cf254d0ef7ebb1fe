import { MongoNetworkError, MongoServerSelectionError } from 'mongodb';
import { ReadModelsUnavailableError } from '@scrivo/domain';

// A socket cut while the driver writes a command can reach the caller as Node's own error, not wrapped by the driver
// (a fresh-clone CI saw "write ECONNRESET" from a read cut off by the kill).
const SOCKET_CUT = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN']);

const isSocketCut = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && SOCKET_CUT.has(error.code);

/**
 * The MongoDB server cannot be reached: the connection was cut (the driver's one retry of a read failed too) or no
 * server answered in time. Not a bug of the caller's: see ReadModelsUnavailableError.
 */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof MongoNetworkError || error instanceof MongoServerSelectionError || isSocketCut(error);

/**
 * For `.catch` on a call to the MongoDB database of the read models (and of the keys kept beside them): the port's
 * ReadModelsUnavailableError when the server cannot be reached, any other error as it is.
 */
export const unreachableAsUnavailable = (error: unknown): never => {
  throw isUnreachable(error) ? new ReadModelsUnavailableError(error) : error;
};
