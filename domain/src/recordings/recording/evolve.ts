import { evolveAnnotations } from '../annotations';
import type { RecordingEvent } from '../events';
import { applySegmentEdit } from '../transcript-edit';
import { recordingSlices } from './slices';
import type { RecordingState } from './state';

export const evolve = (state: RecordingState, event: RecordingEvent): RecordingState => {
  switch (event.type) {
    case 'RecordingCreated':
      return {
        ...state,
        exists: true,
        id: event.data.recordingId,
        ownerId: event.data.ownerId,
        workspaceId: event.data.workspaceId ?? null,
        source: event.data.source,
        uploadId: event.data.uploadId,
        options: event.data.options,
      };
    case 'RecordingUploadCompleted':
      return {
        ...state,
        blobKey: event.data.blobKey,
        sourceBlobKey: event.data.sourceBlobKey ?? null,
        lastProgress: 0,
      };
    case 'RecordingUploadProgressed':
      return { ...state, lastProgress: event.data.progress };
    case 'RecordingProbed':
      return { ...state, media: event.data.media };
    case 'RecordingRejected':
      return { ...state, status: 'failed' };
    case 'UnreadableFileKept':
      return { ...state, status: 'unreadable', blobKey: event.data.blobKey };
    case 'TranscriptionRequested':
      return {
        ...state,
        status: 'queued',
        jobId: event.data.jobId,
        lastProgress: 0,
        split: null,
        pieceTranscripts: {},
      };
    case 'TranscriptionStarted':
      return { ...state, status: 'transcribing' };
    case 'TranscriptionProgressed':
      return { ...state, lastProgress: event.data.progress };
    case 'TranscriptionSplit':
      return {
        ...state,
        split: {
          jobId: event.data.jobId,
          pieces: event.data.pieces,
          speakerLabels: event.data.speakerLabels === true,
        },
        pieceTranscripts: {},
      };
    case 'TranscriptPieceTranscribed': {
      const { index, language, languageProbability, segments, speakerTimeline, engine } = event.data;
      const pieceTranscripts = {
        ...state.pieceTranscripts,
        [index]: {
          language,
          languageProbability,
          segments,
          engine,
          ...(speakerTimeline ? { speakerTimeline } : {}),
        },
      };
      const total = state.split?.pieces.length ?? 1;
      return { ...state, pieceTranscripts, lastProgress: Object.keys(pieceTranscripts).length / total };
    }
    case 'TranscriptionCompleted':
      return {
        ...state,
        status: 'completed',
        completedJobId: event.data.jobId,
        lastProgress: 1,
        segments: event.data.transcript.segments,
        // Joined into the transcript: the pieces' copies are no longer needed.
        pieceTranscripts: {},
        undoable: [],
        transcriptVersion: 1,
      };
    case 'TranscriptEdited': {
      const { restructure } = event.data;
      const segments = applySegmentEdit(state.segments, event.data);
      let undoable = state.undoable;
      if (!restructure) undoable = [];
      else if (restructure.undoes !== undefined) undoable = undoable.slice(0, -1);
      else
        undoable = [
          ...undoable,
          {
            version: event.data.version,
            inverse: {
              index: restructure.index,
              remove: restructure.insert.length,
              insert: state.segments.slice(restructure.index, restructure.index + restructure.remove),
            },
          },
        ];
      return { ...state, transcriptVersion: event.data.version, segments, undoable };
    }
    case 'TranscriptionFailed':
      return { ...state, status: 'failed' };
    case 'TranscriptionCancelled':
      return { ...state, status: 'cancelled' };
    case 'TranscriptAnnotated':
    case 'TranscriptAnnotationEdited':
    case 'TranscriptAnnotationRemoved':
      return { ...state, annotations: evolveAnnotations(state.annotations, event) };
    case 'RecordingRenamed':
      return state;
    case 'RecordingDeleted':
      return { ...state, deleted: { restorableUntil: event.data.restorableUntil } };
    case 'RecordingRestored':
      return { ...state, deleted: null };
    case 'RecordingMediaPurged':
      return { ...state, purged: true, blobKey: null, sourceBlobKey: null };
    case 'RecordingErased':
      return { ...state, erased: true };
    default:
      return { ...state, ...recordingSlices.evolve(state, event) };
  }
};
