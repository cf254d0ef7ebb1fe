import { initContract } from '@ts-rest/core';
import { healthContract } from './health/health.contract';
import { recordingsContract } from './recordings/recordings.contract';

export * from './common/errors';
export * from './health/health.contract';
export * from './recordings/recordings.contract';

const c = initContract();

/**
 * The whole HTTP API. Each feature keeps its routes in its own folder and is merged here; the API implements
 * this router with @ts-rest/nest and the web app and widget call it with the ts-rest client.
 */
export const contract = c.router({
  health: healthContract,
  recordings: recordingsContract,
});
export type Contract = typeof contract;
