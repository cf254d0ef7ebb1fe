// `npm run backup -- DIR [--keys-to KEYS_DIR]`: a consistent copy of a running embedded install
// ($SCRIVO_DATA_DIR, default ./.data) into an empty DIR. See docs/operations.md "Backups".
import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import {
  BLOBS,
  DATABASES,
  KEY_STORE,
  KEYS_FOLDER,
  LEFT_OUT,
  MANIFEST,
  SECRETS,
  sha256Of,
} from './backup/data-files.mjs';
import { fail, log } from './lib.mjs';

const args = process.argv.slice(2);
const keysFlag = args.indexOf('--keys-to');
const keysTo = keysFlag >= 0 ? args.splice(keysFlag, 2)[1] : undefined;
const [target] = args;
if (!target) fail('Usage: npm run backup -- DIR [--keys-to KEYS_DIR]   (DIR must be empty or new)');
const dataDir = resolve(process.env.SCRIVO_DATA_DIR ?? '.data');
const out = resolve(target);
const keysOut = resolve(keysTo ?? join(out, KEYS_FOLDER));
if (!existsSync(join(dataDir, 'events.db'))) fail(`No Scrivo data in ${dataDir} (set SCRIVO_DATA_DIR).`);
for (const dir of [out, keysOut])
  if (existsSync(dir) && (await readdir(dir)).length > 0)
    fail(`${dir} is not empty: back up into a new folder.`);
await mkdir(out, { recursive: true });
await mkdir(keysOut, { recursive: true, mode: 0o700 });

const files = [];
let bytes = 0;
/** Each copied file by its place in the backup (the key store's under keys/ wherever it went), with its hash. */
const note = async (path, as = relative(out, path)) => {
  bytes += (await stat(path)).size;
  files.push({ path: as, sha256: await sha256Of(path) });
};

/** SQLite's online backup: pages copied from a consistent snapshot while the server goes on writing. */
const snapshot = async (name, to) => {
  const source = join(dataDir, name);
  if (!existsSync(source)) return false;
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(to);
  } finally {
    db.close();
  }
  return true;
};

const copyTree = async (from, to) => {
  if (!existsSync(from)) return;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    // Half-written files of the blob store (a write in progress): never referenced by an event yet.
    if (entry.name === '.tmp') continue;
    const source = join(from, entry.name);
    const dest = join(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, dest);
    else if (entry.isFile()) {
      await mkdir(dirname(dest), { recursive: true });
      await copyFile(source, dest);
      await note(dest);
    }
  }
};

const started = new Date();
for (const name of DATABASES) {
  log(`backup: ${name}`);
  if (await snapshot(name, join(out, name))) await note(join(out, name));
}
log(`backup: ${KEY_STORE} (to ${keysOut})`);
const keysFile = join(keysOut, KEY_STORE);
if (await snapshot(KEY_STORE, keysFile)) await note(keysFile, join(KEYS_FOLDER, KEY_STORE));
for (const name of SECRETS)
  if (existsSync(join(dataDir, name))) {
    await copyFile(join(dataDir, name), join(out, name));
    await note(join(out, name));
  }
log(`backup: ${BLOBS}/`);
await copyTree(join(dataDir, BLOBS), join(out, BLOBS));
await writeFile(
  join(out, MANIFEST),
  `${JSON.stringify({ format: 1, from: dataDir, startedAt: started.toISOString(), finishedAt: new Date().toISOString(), keysSeparately: keysTo !== undefined, leftOut: LEFT_OUT, files }, null, 2)}\n`,
);
log(`backup done: ${files.length} files, ${Math.round(bytes / 1024 / 1024)} MB in ${out}`);
log(
  `the key store is in ${keysOut}: keep it apart from the rest (a key store restored from an older backup would make erased people's data readable again)`,
);
