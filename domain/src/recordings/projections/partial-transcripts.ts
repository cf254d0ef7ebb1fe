import type { TranscriptPieceTranscribed } from '../events';
import type { PieceTranscript } from '../pieces';

/** The finished pieces of a long recording still being transcribed (gone once it completes, fails or is cancelled). */
export const PARTIAL_TRANSCRIPTS_COLLECTION = 'partial-transcripts';

export interface PartialTranscriptDoc {
  readonly id: string;
  readonly ownerId: string;
  readonly jobId: string;
  readonly total: number;
  /** By piece index (as a string: read-model documents are JSON). */
  readonly pieces: Readonly<Record<string, PieceTranscript>>;
}

/** The partial transcript with one more finished piece; pieces of an earlier attempt (another job) are dropped. */
export const withPiece = (
  partial: PartialTranscriptDoc | null,
  recording: {
    readonly id: string;
    readonly ownerId: string;
    readonly pieces?: { readonly total: number } | null;
  },
  piece: TranscriptPieceTranscribed['data'],
): PartialTranscriptDoc => {
  const { index, language, languageProbability, segments, engine, jobId } = piece;
  const pieces = partial?.jobId === jobId ? partial.pieces : {};
  return {
    id: recording.id,
    ownerId: recording.ownerId,
    jobId,
    total: recording.pieces?.total ?? 1,
    pieces: { ...pieces, [String(index)]: { language, languageProbability, segments, engine } },
  };
};
