import { join, resolve } from 'node:path';

/**
 * The repository's root, found from this file's own place (adapters/src/testing/, adapters/dist/testing/ once
 * built) so that it is the same whichever test, package or working directory asks.
 */
const REPOSITORY = resolve(import.meta.dirname, '../../..');

/**
 * A path in the real speech samples the tests read: under `$SCRIVO_SHARED_AUDIO` when it is set (a git worktree or
 * any checkout with no `shared/` beside it), else under the `shared/audio` folder CI puts beside the repository.
 * The speech worker's tests follow the same rule (worker/tests/conftest.py), so one variable serves both.
 */
export const sharedAudio = (...parts: string[]): string =>
  resolve(process.env.SCRIVO_SHARED_AUDIO || join(REPOSITORY, '../shared/audio'), ...parts);
