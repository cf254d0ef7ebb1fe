import { Command, InvalidArgumentError, Option } from 'commander';
import { exportTranscript } from './commands/export';
import { list, status } from './commands/list';
import { login } from './commands/login';
import { upload } from './commands/upload';
import { watch } from './commands/watch';
import { CliError } from './errors';
import { EXPORT_FORMATS } from './exports';

const positive = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('Give a whole number above 0.');
  return n;
};

/** Options every upload takes, on `upload` and `watch` alike. */
const withUploadOptions = (command: Command): Command =>
  command
    .option('--language <code>', 'spoken language (e.g. en, fr); detected when left out')
    .option('--translate', 'translate the transcript to English')
    .option('--speakers <n>', 'how many people speak (1-20), for the speaker labels')
    .option('--min-speakers <n>', 'at least this many people speak (instead of --speakers)')
    .option('--max-speakers <n>', 'at most this many people speak (instead of --speakers)')
    .option(
      '--terms <terms>',
      'names and terms said in it, comma-separated (added to your vocabulary for it)',
    )
    .option('--context <line>', 'a line about the recording, e.g. "Weekly sync of the payments team"')
    .addOption(new Option('--chunk-size <bytes>', 'bytes per upload request').argParser(positive).hideHelp());

const program = new Command()
  .name('scrivo')
  .description('Upload recordings to a Scrivo server, follow them, and export their transcripts.')
  .version('0.1.0')
  .showHelpAfterError();

program
  .command('login')
  .description('Save the server and an API key (Account > Developer) for the other commands')
  .requiredOption('--url <url>', 'your Scrivo server, e.g. https://scrivo.example.com')
  .option('--key <key>', 'the API key (else read from $SCRIVO_API_KEY or asked for)')
  .action(login);

withUploadOptions(
  program
    .command('upload')
    .description('Upload files (resumable: an interrupted upload goes on where it stopped)')
    .argument('<files...>', 'audio or video files')
    .option('--title <title>', 'title of the recording (one file only; else the file name)')
    .option('--folder <name>', 'file the recordings into this folder (made if missing)')
    .option('--wait', 'wait until each transcript is done'),
).action((files: string[], options: Parameters<typeof upload>[1] & { chunkSize?: number }) => {
  if (options.title && files.length > 1)
    throw new CliError('--title names one file: upload one file with it.', 2);
  return upload(files, options);
});

program
  .command('export')
  .description('Write a finished transcript to a file')
  .argument('<id>', 'recording id (see `scrivo list`)')
  .addOption(new Option('--format <format>', 'file format').choices(EXPORT_FORMATS).makeOptionMandatory())
  .option('-o, --output <path>', 'where to write it (- for standard output); else <title>.<format>')
  .action(exportTranscript);

program
  .command('list')
  .description('Your recordings, newest first')
  .option('-q, --query <words>', 'search titles and transcripts')
  .option('--limit <n>', 'how many', positive, 20)
  .action(list);

program
  .command('status')
  .description('Where one recording stands')
  .argument('<id>', 'recording id')
  .action(status);

withUploadOptions(
  program
    .command('watch')
    .description('Upload every audio or video file that appears in a folder, and write its exports when done')
    .argument('<dir>', 'the folder to watch')
    .requiredOption('--to <dir>', 'where exports go (and the state file that makes restarts safe)')
    .option('--export <formats>', `comma-separated: ${EXPORT_FORMATS.join(', ')}`, 'srt,txt')
    .option('--move-done <dir>', 'move each file here once its exports are written')
    .option('--interval <seconds>', 'how often to look at the folder', positive, 5)
    .option('--settle <seconds>', 'a file unchanged this long is complete', positive, 3),
).action(
  (
    dir: string,
    options: Omit<Parameters<typeof watch>[1], 'intervalMs' | 'settleMs'> & {
      interval: number;
      settle: number;
    },
  ) => watch(dir, { ...options, intervalMs: options.interval * 1000, settleMs: options.settle * 1000 }),
);

try {
  await program.parseAsync();
} catch (error) {
  if (!(error instanceof CliError)) throw error;
  console.error(error.message);
  process.exitCode = error.exitCode;
}
