// `npm run restore -- DIR [--keys-from KEYS_DIR]`: fills an empty $SCRIVO_DATA_DIR (default ./.data) from a backup
// made by `npm run backup`, checking every file against the backup's manifest first. See docs/operations.md.
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { KEYS_FOLDER, MANIFEST, sha256Of } from './backup/data-files.mjs';
import { fail, log } from './lib.mjs';

const args = process.argv.slice(2);
const keysFlag = args.indexOf('--keys-from');
const keysFrom = keysFlag >= 0 ? args.splice(keysFlag, 2)[1] : undefined;
const [source] = args;
if (!source) fail('Usage: npm run restore -- DIR [--keys-from KEYS_DIR]   (into an empty $SCRIVO_DATA_DIR)');
const backup = resolve(source);
const keysDir = resolve(keysFrom ?? join(backup, KEYS_FOLDER));
const dataDir = resolve(process.env.SCRIVO_DATA_DIR ?? '.data');
if (!existsSync(join(backup, MANIFEST))) fail(`${backup} holds no Scrivo backup (no ${MANIFEST}).`);
if (existsSync(dataDir) && (await readdir(dataDir)).length > 0)
  fail(
    `${dataDir} already holds data: restore into an empty folder (set SCRIVO_DATA_DIR), never over an install.`,
  );
const manifest = JSON.parse(await readFile(join(backup, MANIFEST), 'utf8'));
if (manifest.format !== 1) fail(`This backup's format (${manifest.format}) is not one this version reads.`);

/** Where a file of the manifest is now: the key store may have been kept apart. */
const whereIs = (path) =>
  path.startsWith(`${KEYS_FOLDER}/`) ? join(keysDir, path.slice(KEYS_FOLDER.length + 1)) : join(backup, path);

for (const file of manifest.files) {
  const at = whereIs(file.path);
  if (!existsSync(at)) fail(`The backup lacks ${file.path} (looked in ${at}).`);
  if ((await sha256Of(at)) !== file.sha256)
    fail(`${file.path} is not as it was backed up (its checksum differs).`);
}
await mkdir(dataDir, { recursive: true });
for (const file of manifest.files) {
  const to = join(
    dataDir,
    file.path.startsWith(`${KEYS_FOLDER}/`) ? file.path.slice(KEYS_FOLDER.length + 1) : file.path,
  );
  await mkdir(dirname(to), { recursive: true });
  await copyFile(whereIs(file.path), to);
}
log(
  `restored ${manifest.files.length} files into ${dataDir} (backup of ${manifest.startedAt}); start Scrivo there`,
);
