import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { ExportFormat } from '@scrivo/contracts';
import {
  type ExportAnnotation,
  notesByParagraph,
  toJson,
  toPlainText,
  toRttm,
  toSrt,
  toVtt,
} from '@scrivo/domain/recordings';
import { summaryLabels, summaryText } from '@scrivo/domain/summaries';
import { translatedTranscript } from '@scrivo/domain/translations';
import { ApiError } from '../../common/api-error';
import type { AuthenticatedUser } from '../../common/auth/authenticated';
import { GetSummaryQuery } from '../../summaries/queries/summary.queries';
import { GetTranslationQuery } from '../../translations/queries/translation.queries';
import { GetRecordingQuery, GetTranscriptQuery } from '../queries/recording.queries';
import { GetAnnotationsQuery } from '../commands/annotations.command';
import { RecordingAccess } from '../support/recording-access';
import { toDocx, toPdf } from './document-exports';

export const CONTENT_TYPES = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  // RTTM has no media type of its own: it is plain text, one line per turn.
  rttm: 'text/plain; charset=utf-8',
} as const;

export interface ExportRequest {
  readonly format: ExportFormat;
  readonly timestamps?: boolean | undefined;
  readonly speakers?: boolean | undefined;
  readonly summary?: boolean | undefined;
  /** The owner's highlights and comments (txt, docx, pdf, json); never in subtitles. */
  readonly annotations?: boolean | undefined;
  readonly language?: string | undefined;
}

export interface ExportedFile {
  /** The title made safe for file systems, without the extension. */
  readonly baseName: string;
  readonly body: string | Buffer;
}

export const safeFilename = (title: string) =>
  title
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .trim()
    .slice(0, 80) || 'transcript';

/** One recording's transcript in one format: what a single export sends and each entry of a bulk zip. */
@Injectable()
export class TranscriptExporter {
  constructor(
    private readonly queries: QueryBus,
    private readonly access: RecordingAccess,
  ) {}

  async render(user: AuthenticatedUser, id: string, request: ExportRequest): Promise<ExportedFile> {
    const { format } = request;
    const options = { timestamps: request.timestamps ?? true, speakers: request.speakers ?? true };
    const doc = await this.queries.execute(new GetRecordingQuery(user, id, 'export'));
    const {
      id: _id,
      ownerId: _owner,
      // An account id, like the owner's: the page names the editor, an exported file does not.
      editedById: _editor,
      ...original
    } = await this.queries.execute(new GetTranscriptQuery(user, id, 'export'));
    let transcript = original;
    if (request.language && request.language !== original.language) {
      const translation = await this.queries.execute(new GetTranslationQuery(user, id, request.language));
      if (!translation.segments)
        throw new ApiError(409, 'TRANSLATION_NOT_READY', 'This translation is not finished yet.');
      transcript = translatedTranscript(original, translation.segments, translation.target);
    }
    // JSON carries the summary whenever there is one; the documents only when asked.
    const summarised =
      request.summary || format === 'json' ? await this.queries.execute(new GetSummaryQuery(user, id)) : null;
    const summary = summarised?.content ?? null;
    const labels = summarised ? summaryLabels(summarised.template.sections) : undefined;
    if (request.summary && !summary)
      throw new ApiError(409, 'SUMMARY_NOT_READY', 'This recording has no summary yet.');
    const annotations: ExportAnnotation[] =
      request.annotations && format !== 'srt' && format !== 'vtt' && format !== 'rttm'
        ? (await this.queries.execute(new GetAnnotationsQuery(user, id))).annotations.map((a) => ({
            kind: a.kind,
            start: a.start,
            end: a.end,
            comment: a.comment,
            authorName: a.author.name,
            createdAt: a.createdAt,
          }))
        : [];
    const notes = notesByParagraph(transcript, options, annotations);
    const meta = {
      title: doc.title,
      language: transcript.language,
      durationSeconds: transcript.durationSeconds,
      recordedAt: doc.createdAt,
      summary: request.summary ? summary : null,
      ...(labels ? { summaryLabels: labels } : {}),
      notes,
    };
    let body: string | Buffer;
    if (format === 'txt')
      body = `${summary && request.summary ? `${summaryText(summary, labels)}\n\n---\n\n` : ''}${toPlainText(transcript, options, notes)}`;
    else if (format === 'srt') body = toSrt(transcript, options);
    else if (format === 'vtt') body = toVtt(transcript, options);
    else if (format === 'rttm') body = toRttm(transcript, safeFilename(doc.title), options);
    else if (format === 'json')
      body = toJson({
        ...transcript,
        ...(summary ? { summary } : {}),
        ...(request.annotations ? { annotations } : {}),
      });
    else if (format === 'docx') body = await toDocx(transcript, meta, options);
    else body = await toPdf(transcript, meta, options, { cjk: this.access.config.SCRIVO_CJK_FONT });
    return { baseName: safeFilename(doc.title), body };
  }
}

/** `attachment` with the name in ASCII for old clients and in UTF-8 (RFC 6266) for the rest. */
export const attachment = (name: string): string =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
