import type { Annotation, Recording, Transcript } from '@scrivo/contracts/recordings/recordings.contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { languageName } from '../../../lib/language';
import { useWaveform } from '../api/waveform';
import type { SelectionNotes } from '../editor/selection-assign';
import type { TranscriptEditor } from '../editor/use-transcript-editor';
import { timeline, wordAt } from '../lib/active-word';
import { annotatedWords } from '../lib/annotated-words';
import { findMatches } from '../lib/search';
import { handleShortcut } from '../lib/shortcuts';
import { useMediaPlayer } from '../lib/use-media-player';

/** What the workspace reads of a transcript: a shared page has no version, recording id or editor. */
type WorkspaceTranscript = Pick<
  Transcript,
  'segments' | 'durationSeconds' | 'language' | 'languageProbability' | 'speakerTimeline'
> &
  Partial<Pick<Transcript, 'editedAt' | 'editedBy'>>;

export interface WorkspaceProps {
  /** `createdAt` and `options` are shown when known (the owner's page; a shared page leaves them out). */
  recording: Pick<Recording, 'mediaKind' | 'durationSeconds' | 'sizeBytes'> &
    Partial<Pick<Recording, 'createdAt' | 'options'>>;
  transcript: WorkspaceTranscript;
  /** Where the player streams from; null = the transcript alone (a link shared without its media). */
  mediaUrl: string | null;
  /** The title area (the page puts the inline rename there). */
  heading: ReactNode;
  /** The buttons beside the title (copy, export, share on the owner's page). */
  actions: ReactNode;
  /** Present when the plan includes the transcript editor. */
  editor?: TranscriptEditor;
  /** Free plan: say where the editor is. */
  showUpsell?: boolean;
  /** More views of the recording beside the transcript (summary, translation), each able to seek the player. */
  panels?: readonly WorkspacePanel[];
  /** The owner's highlights and comments (absent on a shared page: notes are the owner's alone). */
  notes?: WorkspaceNotes;
}

export interface WorkspaceNotes extends SelectionNotes {
  annotations: readonly Annotation[];
  /** Why the last change of a note was refused, if it was. */
  error: string | null;
  onEdit(annotationId: string, comment: string): void;
  onRemove(annotationId: string): void;
}

export interface WorkspacePanel {
  readonly id: string;
  readonly label: string;
  /** `seek` moves the player; `playFrom` moves it and plays (an answer's moment is there to be heard). */
  readonly render: (seek: (seconds: number) => void, playFrom: (seconds: number) => void) => ReactNode;
}

/**
 * The transcript workspace's state: the player and the word it is on, the open tab, the editor's on/off, find (and
 * replace in the editor) over the texts as shown, the keyboard shortcuts and the waveform. The view
 * (`transcript-workspace.tsx`) only renders what this returns.
 */
export function useTranscriptWorkspace({
  recording,
  transcript,
  mediaUrl,
  editor,
  panels = [],
  notes,
}: Pick<WorkspaceProps, 'recording' | 'transcript' | 'mediaUrl' | 'editor' | 'panels' | 'notes'>) {
  const [tab, setTab] = useState('transcript');
  const panel = panels.find((p) => p.id === tab);
  const { ref, state, actions } = useMediaPlayer(
    transcript.durationSeconds || recording.durationSeconds || 0,
  );
  const [autoScroll, setAutoScroll] = useState(true);
  const [helpOpen, setHelpOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const words = useMemo(() => timeline(transcript.segments), [transcript.segments]);
  const active = useMemo(() => wordAt(words, state.currentTime), [words, state.currentTime]);
  const activeKey = active ? `${active.segment}:${active.word}` : '';
  // Keep the same object while the same word is lit, so only the affected segments re-render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableActive = useMemo(() => active, [activeKey]);
  const language = languageName(transcript.language);
  const annotated = useMemo(
    () => annotatedWords(transcript.segments, notes?.annotations ?? []),
    [transcript.segments, notes?.annotations],
  );
  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState('');
  const [currentMatch, setCurrentMatch] = useState(0);
  const searchField = useRef<HTMLInputElement>(null);
  const reading = useRef<HTMLDivElement>(null);
  // In the editor, search the texts as typed (the draft over the saved copy).
  const searchedSegments = useMemo(
    () =>
      editing && editor
        ? transcript.segments.map((segment, index) => {
            const text = editor.draft.segments[index];
            return text === undefined ? segment : { ...segment, text, words: [] };
          })
        : transcript.segments,
    [editing, editor, transcript.segments],
  );
  const matches = useMemo(
    () => (searching ? findMatches(searchedSegments, query) : []),
    [searching, searchedSegments, query],
  );
  const shownMatch = matches.length === 0 ? -1 : Math.min(currentMatch, matches.length - 1);
  const stopFollowing = useCallback(() => setAutoScroll(false), []);
  const waveform = useWaveform(
    mediaUrl ?? '',
    recording.sizeBytes,
    mediaUrl !== null && recording.mediaKind === 'audio',
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Ctrl+F (Cmd+F) finds in this transcript, as people expect of a document; a second press gives the
      // browser's own find.
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && !panel) {
        if (document.activeElement === searchField.current && searchField.current) return;
        event.preventDefault();
        setSearching(true);
        requestAnimationFrame(() => searchField.current?.select());
        return;
      }
      const handled = handleShortcut(event, {
        ...actions,
        toggleAutoScroll: () => setAutoScroll((on) => !on),
        showHelp: () => setHelpOpen(true),
      });
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions, panel]);

  const seek = useCallback(
    (seconds: number) => {
      actions.seek(seconds);
      setAutoScroll(true);
    },
    [actions],
  );
  const playFrom = useCallback(
    (seconds: number) => {
      seek(seconds);
      actions.play();
    },
    [actions, seek],
  );

  const step = (direction: 1 | -1) => {
    if (matches.length === 0) return;
    const next = (shownMatch + direction + matches.length) % matches.length;
    setCurrentMatch(next);
    const match = matches[next]!;
    if (editing) {
      // In the editor the match is selected in its line, so typing replaces it.
      const field = document.getElementById(`segment-${transcript.segments[match.segment]?.id}`);
      if (field instanceof HTMLTextAreaElement) {
        const at = field.value.toLocaleLowerCase().indexOf(query.trim().toLocaleLowerCase());
        field.scrollIntoView({ block: 'center' });
        if (at >= 0) field.setSelectionRange(at, at + query.trim().length);
      }
    }
  };
  const replaceAll = (replacement: string) => {
    if (!editor) return;
    const needle = query.replace(/\s+/g, ' ').trim();
    if (!needle) return;
    const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'), 'gi');
    searchedSegments.forEach((segment, index) => {
      const text = segment.text.trim();
      const replaced = text.replace(pattern, replacement);
      if (replaced !== text && replaced.trim()) editor.editSegment(index, replaced);
    });
    editor.flush();
  };

  const openTab = (id: string) => {
    if (editing) editor?.flush();
    setEditing(false);
    setTab(id);
  };
  const toggleEditing = () => {
    if (editing) editor?.flush();
    setEditing((on) => !on);
  };
  const openSearch = () => {
    setSearching(true);
    requestAnimationFrame(() => searchField.current?.select());
  };
  const closeSearch = () => {
    setSearching(false);
    setQuery('');
  };
  const changeQuery = (value: string) => {
    setQuery(value);
    setCurrentMatch(0);
  };

  return {
    tab,
    panel,
    openTab,
    mediaRef: ref,
    state,
    actions,
    waveform,
    seek,
    playFrom,
    autoScroll,
    setAutoScroll,
    stopFollowing,
    helpOpen,
    setHelpOpen,
    editing,
    toggleEditing,
    stableActive,
    language,
    annotated,
    searching,
    searchField,
    query,
    changeQuery,
    matches,
    shownMatch,
    step,
    replaceAll,
    openSearch,
    closeSearch,
    reading,
  };
}
