import type { ExportFormat } from '@scrivo/contracts/recordings/recordings.contract';

export interface ExportChoice {
  format: ExportFormat;
  timestamps: boolean;
  speakers: boolean;
  /** Put the summary first (documents only). */
  summary?: boolean;
  /** A finished translation's language instead of the original. */
  language?: string | null;
  /** The owner's highlights and comments (documents and JSON; off unless chosen). */
  annotations?: boolean;
}

/** Highlights and comments go into the documents and JSON; subtitles and RTTM are timings alone. */
export const annotationsApply = (format: ExportFormat): boolean => !['srt', 'vtt', 'rttm'].includes(format);

/** The summary can go into the document formats; subtitles are timed text only. */
export const summaryApplies = (format: ExportFormat): boolean => ['txt', 'docx', 'pdf'].includes(format);

export const EXPORT_FORMATS: readonly { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'txt', label: 'Plain text (.txt)', hint: 'For reading and pasting' },
  { format: 'srt', label: 'SubRip subtitles (.srt)', hint: 'For video players and editors' },
  { format: 'vtt', label: 'WebVTT subtitles (.vtt)', hint: 'For web video' },
  { format: 'docx', label: 'Word document (.docx)', hint: 'For editing in Word or Docs' },
  { format: 'pdf', label: 'PDF document (.pdf)', hint: 'For sharing and printing' },
  { format: 'json', label: 'JSON with word timings (.json)', hint: 'For developers' },
  { format: 'rttm', label: 'Speaker timeline (.rttm)', hint: 'Who speaks when, for diarization tools' },
];

/** Subtitles, JSON and RTTM always carry timings: the toggle only applies to the document formats. */
export const timestampsApply = (format: ExportFormat): boolean =>
  !['srt', 'vtt', 'json', 'rttm'].includes(format);

export const exportUrl = (recordingId: string, choice: ExportChoice): string => {
  const query = new URLSearchParams({
    format: choice.format,
    timestamps: String(choice.timestamps),
    speakers: String(choice.speakers),
  });
  if (choice.summary && summaryApplies(choice.format)) query.set('summary', 'true');
  if (choice.language) query.set('language', choice.language);
  if (choice.annotations && annotationsApply(choice.format)) query.set('annotations', 'true');
  return `/api/recordings/${encodeURIComponent(recordingId)}/export?${query}`;
};

/**
 * "Team call: Q3 / plans?" -> "Team call - Q3 - plans.srt". Keeps letters of every script, drops what file
 * systems refuse, and never returns an empty name.
 */
export const exportFileName = (title: string, format: ExportFormat): string => {
  const base = title
    .normalize('NFC')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/[\\/:*?"<>|]+/g, ' - ')
    .replace(/\s*-\s*(-\s*)+/g, ' - ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 120)
    .trim();
  return `${base || 'transcript'}.${format}`;
};

/** The name from a `Content-Disposition` header (RFC 6266, UTF-8 form preferred), if any. */
export const fileNameFromDisposition = (header: string | null): string | null => {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : null;
};

/** Hands a fetched file to the browser's download, under `name`. */
export const saveFile = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the URL only holds the blob in memory.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
