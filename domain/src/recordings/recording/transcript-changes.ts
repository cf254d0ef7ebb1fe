import { DomainError } from '../../kernel/errors';
import type { RecordingEvent } from '../events';
import { PLAN_LIMITS, type PlanId } from '../plans';
import {
  cleanSegmentText,
  cleanSpeakerNames,
  deriveWords,
  type EditedSegment,
  planStructureChange,
  type TranscriptSplice,
} from '../transcript-edit';
import type { RecordingCommandOf } from './commands';
import { conflict, type RecordingState } from './state';

const checkEditable = (command: { expectedVersion: number; plan: PlanId }, state: RecordingState): void => {
  if (!PLAN_LIMITS[command.plan].transcriptEditor)
    throw new DomainError(
      'PLAN_UPGRADE_REQUIRED',
      'Editing transcripts is part of Premium and Business Pro. Upgrade your plan to edit this transcript.',
    );
  if (state.status !== 'completed') throw conflict('Only a completed transcript can be edited.');
  if (command.expectedVersion !== state.transcriptVersion)
    throw new DomainError(
      'TRANSCRIPT_VERSION_CONFLICT',
      'This transcript was changed elsewhere (another tab or device) since you opened it. Reload to get the latest version.',
      { currentVersion: state.transcriptVersion },
    );
};

export const editTranscript = (
  command: RecordingCommandOf<'EditTranscript'>,
  state: RecordingState,
): RecordingEvent[] => {
  checkEditable(command, state);
  const seen = new Set<number>();
  const segments: EditedSegment[] = command.segments.map((edit) => {
    const text = cleanSegmentText(edit, state.segments.length);
    if (seen.has(edit.index))
      throw new DomainError('VALIDATION_FAILED', `Segment ${edit.index} is changed twice in one edit.`);
    seen.add(edit.index);
    const { start, end } = state.segments[edit.index]!;
    return { index: edit.index, text, words: deriveWords(text, start, end) };
  });
  if (command.segments.length === 0 && Object.keys(command.speakers).length === 0)
    throw new DomainError('VALIDATION_FAILED', 'Nothing to change: send segment texts or speaker names.');
  const known = new Set(state.segments.flatMap((s) => (s.speaker === null ? [] : [s.speaker])));
  const speakers = cleanSpeakerNames(command.speakers, known);
  // Renaming a speaker to the name it already has changes nothing, so it makes no new version.
  if (segments.length === 0 && Object.keys(speakers).length === 0) return [];
  return [
    {
      type: 'TranscriptEdited',
      data: {
        recordingId: state.id,
        version: state.transcriptVersion + 1,
        segments,
        speakers,
        at: command.now,
      },
    },
  ];
};

export const restructureTranscript = (
  command: RecordingCommandOf<'RestructureTranscript'>,
  state: RecordingState,
): RecordingEvent[] => {
  checkEditable(command, state);
  let restructure: TranscriptSplice | null;
  if (command.change.kind === 'undo') {
    const last = state.undoable[state.undoable.length - 1];
    if (!last)
      throw new DomainError(
        'NOTHING_TO_UNDO',
        'There is no speaker or line change to undo since the last text edit.',
      );
    restructure = { ...last.inverse, undoes: last.version };
  } else {
    const nextId = state.segments.reduce((max, s) => Math.max(max, s.id + 1), 0);
    restructure = planStructureChange(state.segments, command.change, nextId);
  }
  // The words already belong to that speaker: no new version.
  if (!restructure) return [];
  return [
    {
      type: 'TranscriptEdited',
      data: {
        recordingId: state.id,
        version: state.transcriptVersion + 1,
        segments: [],
        speakers: {},
        restructure,
        at: command.now,
      },
    },
  ];
};
