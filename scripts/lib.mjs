// Small helpers shared by the start, build and test scripts (plain Node so they run before anything is built).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

export const log = (message) => console.log(`\x1b[36m[scrivo]\x1b[0m ${message}`);
export const fail = (message) => {
  console.error(`\x1b[31m[scrivo]\x1b[0m ${message}`);
  process.exit(1);
};

/** Runs a command to completion with inherited output; exits the script when it fails. */
export const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) fail(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    if (options.allowFailure) return result.status;
    fail(`${command} ${args.join(' ')} failed (exit ${result.status})`);
  }
  return 0;
};

export const has = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

export const newestMtime = (dir) => {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
};
