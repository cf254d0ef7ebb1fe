import { connect, reachable } from '../client';
import { CliError } from '../errors';
import { EXPORT_FORMATS, isExportFormat, writeExport } from '../exports';
import { getRecording } from '../wait';

/** Writes a finished transcript as srt, vtt, txt, docx, pdf, json or rttm; `-o -` writes text formats to stdout. */
export const exportTranscript = async (id: string, options: { format: string; output?: string }) => {
  if (!isExportFormat(options.format))
    throw new CliError(`--format must be one of ${EXPORT_FORMATS.join(', ')}.`, 2);
  const session = await connect();
  const recording = await reachable(session.login.url, () => getRecording(session, id));
  if (recording.status !== 'completed')
    throw new CliError(`${recording.title} is ${recording.status}: its transcript is not ready.`);
  const path = options.output ?? `${recording.title.replace(/[\\/:*?"<>|]+/g, '_')}.${options.format}`;
  await writeExport(session, id, options.format, path === '-' ? '/dev/stdout' : path);
  if (path !== '-') console.log(`Wrote ${path}`);
};
