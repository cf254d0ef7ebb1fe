import type { DomainEvent } from '../../kernel/events';
import type { Workflow } from '../../kernel/workflow';
import type {
  RecordingCreated,
  TranscriptionCancelled,
  TranscriptionRequested,
  TranscriptionSplit,
} from '../events';
import { type PieceSpan, pieceJobId } from '../pieces';
import { usagePeriod } from '../plans';

/** A file's transcription job, for the fair line of the owner's jobs. */
export interface EnqueueTranscriptionJob {
  readonly type: 'EnqueueTranscriptionJob';
  readonly jobId: string;
  readonly recordingId: string;
  readonly ownerId: string;
  /** Decided at the request; null on requests older than the field: what the owner's plan gives now. */
  readonly speakerLabels: boolean | null;
  /** The usage period holding the reservation, where the worker bills the decoded length. */
  readonly period: string;
  /** The probed length: a clip is short work, taken ahead of long files' pieces (jobs/fair-order.ts). */
  readonly durationSeconds: number;
}

/** One piece of a long file, in the same fair line as every other job. */
export interface EnqueuePieceJob {
  readonly type: 'EnqueuePieceJob';
  readonly jobId: string;
  readonly fileJobId: string;
  readonly recordingId: string;
  readonly ownerId: string;
  readonly piece: PieceSpan;
  readonly total: number;
  readonly speakerLabels: boolean;
}

export interface CancelJob {
  readonly type: 'CancelJob';
  readonly jobId: string;
}

export type TranscriptionJobOrder = EnqueueTranscriptionJob | EnqueuePieceJob | CancelJob;

export interface TranscriptionJobsState {
  readonly ownerId: string | null;
  /** The newest split: its pieces are cancelled with their file's job. */
  readonly split: { readonly jobId: string; readonly pieces: readonly number[] } | null;
}

type Input = TranscriptionRequested | TranscriptionCancelled | TranscriptionSplit;

const isCreated = (event: DomainEvent): event is RecordingCreated => event.type === 'RecordingCreated';
const isSplit = (event: DomainEvent): event is TranscriptionSplit => event.type === 'TranscriptionSplit';

/**
 * A requested transcription becomes a job on the queue; a long one cut into pieces becomes one job per piece; a
 * cancelled one cancels its job and its pieces. Every job is keyed by the id the request chose (pieces by
 * `<jobId>-p<index>`), so a replay after a crash enqueues nothing twice, and a cancel that overtakes the request
 * leaves a job that can never be claimed.
 */
export const transcriptionJobsWorkflow: Workflow<Input, TranscriptionJobsState, TranscriptionJobOrder> = {
  name: 'transcription-jobs',
  inputs: ['TranscriptionRequested', 'TranscriptionCancelled', 'TranscriptionSplit'],
  initialState: () => ({ ownerId: null, split: null }),
  evolve(state, event) {
    if (isCreated(event)) return { ...state, ownerId: event.data.ownerId };
    if (isSplit(event))
      return { ...state, split: { jobId: event.data.jobId, pieces: event.data.pieces.map((p) => p.index) } };
    return state;
  },
  decide(input, { ownerId, split }) {
    switch (input.type) {
      case 'TranscriptionCancelled': {
        const { jobId } = input.data;
        if (jobId === null) return [];
        // Pieces not yet taken are never claimed; a running one also sees the cancel within a second.
        const pieces = split?.jobId === jobId ? split.pieces.map((index) => pieceJobId(jobId, index)) : [];
        return [jobId, ...pieces].map((id): CancelJob => ({ type: 'CancelJob', jobId: id }));
      }
      case 'TranscriptionSplit': {
        if (ownerId === null) return [];
        const { recordingId, jobId, pieces } = input.data;
        return pieces.map((piece): EnqueuePieceJob => ({
          type: 'EnqueuePieceJob',
          jobId: pieceJobId(jobId, piece.index),
          fileJobId: jobId,
          recordingId,
          ownerId,
          piece,
          total: pieces.length,
          speakerLabels: input.data.speakerLabels === true,
        }));
      }
      case 'TranscriptionRequested': {
        if (ownerId === null) return [];
        const { recordingId, jobId, requestedAt, period, speakerLabels, durationSeconds } = input.data;
        return [
          {
            type: 'EnqueueTranscriptionJob',
            jobId,
            recordingId,
            ownerId,
            speakerLabels: speakerLabels ?? null,
            period: period ?? usagePeriod(new Date(requestedAt)).id,
            durationSeconds,
          },
        ];
      }
    }
  },
};
