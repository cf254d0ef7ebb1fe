import type { RecordingDoc } from '@scrivo/domain/recordings';

/** The extension of every type the media toolkit names (adapters/src/media/ffmpeg-media-toolkit.ts). */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'video/ogg': 'ogv',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

/**
 * The original media's extension: the uploaded file's own, else the one of the type the media was probed as.
 * A live recording has no file name (its audio was encoded here, as Ogg Opus), and "bin" would leave the person
 * with a file no player opens by a double click.
 */
export const mediaExtensionOf = (doc: Pick<RecordingDoc, 'originalFilename' | 'mimeType'>): string =>
  /\.([A-Za-z0-9]{1,8})$/.exec(doc.originalFilename ?? '')?.[1]?.toLowerCase() ??
  (doc.mimeType ? EXTENSIONS[doc.mimeType] : undefined) ??
  'bin';
