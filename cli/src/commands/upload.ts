import { basename } from 'node:path';
import { stat } from 'node:fs/promises';
import { MultiBar, Presets } from 'cli-progress';
import { connect, reachable } from '../client';
import { CliError } from '../errors';
import { fileInto, folderNamed } from '../folders';
import { uploadFile, type UploadChoices } from '../upload';
import { untilFinished } from '../wait';

export interface UploadOptions extends UploadChoices {
  readonly folder?: string;
  readonly wait?: boolean;
}

/**
 * Uploads each file in turn with a progress bar of its own (resumable: a file an earlier run did not finish goes on
 * from where it stopped), files it into `--folder`, and with `--wait` waits for each transcript.
 */
export const upload = async (files: readonly string[], options: UploadOptions): Promise<void> => {
  for (const file of files) {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new CliError(`${file}: no such file.`, 2);
  }
  const session = await connect();
  const folderId = options.folder
    ? await reachable(session.login.url, () => folderNamed(session, options.folder!))
    : null;
  const bars = new MultiBar(
    { format: ' {bar} {percentage}% | {name}', hideCursor: true, clearOnComplete: false },
    Presets.shades_classic,
  );
  const ids: string[] = [];
  try {
    for (const file of files) {
      const bar = bars.create(1, 0, { name: basename(file) });
      const id = await uploadFile(session.login, file, options, {
        onProgress: (sent, total) => {
          bar.setTotal(total);
          bar.update(sent);
        },
      });
      bar.update(bar.getTotal());
      if (folderId) await fileInto(session, id, folderId);
      ids.push(id);
    }
  } finally {
    bars.stop();
  }
  for (const [i, id] of ids.entries()) {
    console.log(`${basename(files[i]!)}: uploaded as ${id}`);
    if (!options.wait) continue;
    const done = await untilFinished(session, id);
    console.log(`${basename(files[i]!)}: ${done.status}${done.error ? ` (${done.error.message})` : ''}`);
    if (done.status !== 'completed') process.exitCode = 1;
  }
};
