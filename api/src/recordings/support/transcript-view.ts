import type { Transcript } from '@scrivo/contracts';
import type { ReadModelStore } from '@scrivo/domain';
import type { TranscriptDoc } from '@scrivo/domain/recordings';
import { toTranscript } from '../recording-view';
import { personName } from './person-name';

/** The transcript as the API shows it, its last editor named as they are called now. */
export const transcriptView = async (readModels: ReadModelStore, doc: TranscriptDoc): Promise<Transcript> => {
  const editorId = doc.editedById ?? null;
  const editedBy = editorId === null ? null : { id: editorId, name: await personName(readModels, editorId) };
  return toTranscript(doc, editedBy);
};
