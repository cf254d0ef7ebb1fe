import { writeFile } from 'node:fs/promises';
import type { Session } from './client';
import { refusal } from './errors';

export const EXPORT_FORMATS = ['srt', 'vtt', 'txt', 'docx', 'pdf', 'json', 'rttm'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const isExportFormat = (value: string): value is ExportFormat =>
  (EXPORT_FORMATS as readonly string[]).includes(value);

/** Downloads one export of a finished transcript (binary formats included) to `path`. */
export const writeExport = async (session: Session, id: string, format: ExportFormat, path: string) => {
  const url = `${session.login.url.replace(/\/+$/, '')}/api/recordings/${encodeURIComponent(id)}/export?format=${format}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${session.login.apiKey}` } });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => ({}));
    throw refusal(`Export ${format} of ${id}`, response.status, body);
  }
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
};
