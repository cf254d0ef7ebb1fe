import type {
  EditTranscriptBody,
  RestructureTranscriptBody,
} from '@scrivo/contracts/recordings/recordings.contract';
import { api, ok } from '../../../lib/api-client';

/** Saves the owner's word edits to the transcript version they were made on. */
export const editTranscript = (recordingId: string, body: EditTranscriptBody) =>
  ok(api.recordings.editTranscript({ params: { id: recordingId }, body }));

/** The transcript as the server has it now (after another tab or device saved). */
export const fetchTranscript = (recordingId: string) =>
  ok(api.recordings.transcript({ params: { id: recordingId } }));

/** Splits, joins or reassigns segments on the given version. */
export const restructureTranscript = (recordingId: string, body: RestructureTranscriptBody) =>
  ok(api.recordings.restructureTranscript({ params: { id: recordingId }, body }));
