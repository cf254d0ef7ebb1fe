import type { Annotation, Recording, Transcript } from '@scrivo/contracts/recordings/recordings.contract';
import { annotatedWords } from '../lib/annotated-words';
import { AnnotationsList } from './annotations-list';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { timeline, wordAt } from '../lib/active-word';
import { languageName } from '../../../lib/language';
import { handleShortcut } from '../lib/shortcuts';
import { formatClock } from '../../../lib/time';
import { useMediaPlayer } from '../lib/use-media-player';
import { useWaveform } from '../api/waveform';
import { Icon } from '../../../components/ui/icons';
import { PlayerControls } from './player-controls';
import { SpeakerLanes } from './speaker-lanes';
import { findMatches } from '../lib/search';
import { ShortcutsHelp } from './shortcuts-help';
import { TranscriptSearch } from './transcript-search';
import { TranscriptView } from './transcript-view';
import { EditableTranscript } from '../editor/editable-transcript';
import { SelectionAssign, type SelectionNotes } from '../editor/selection-assign';
import { EditorNotices, EditorUpsell, SaveStatusText } from '../editor/editor-bar';
import type { TranscriptEditor } from '../editor/use-transcript-editor';
import { Button } from '../../../components/ui/button';

/** What the workspace reads of a transcript: a shared page has no version or recording id. */
type WorkspaceTranscript = Pick<
  Transcript,
  'segments' | 'durationSeconds' | 'language' | 'languageProbability' | 'speakerTimeline'
>;

interface Props {
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

/** The player glued to the transcript: the heart of the transcript page. */
export function TranscriptWorkspace({
  recording,
  transcript,
  mediaUrl,
  heading,
  actions: headerActions,
  editor,
  showUpsell,
  panels = [],
  notes,
}: Props) {
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

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 pb-16 pt-4 sm:px-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          {heading}
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
            {recording.createdAt && (
              <span>
                {new Date(recording.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}
              </span>
            )}
            <span>{formatClock(transcript.durationSeconds)}</span>
            {language && (
              <span data-testid="language">
                {language}
                {recording.options?.translate
                  ? ' (translated)'
                  : recording.options?.language
                    ? ''
                    : ` (detected${transcript.languageProbability > 0 ? `, ${Math.round(transcript.languageProbability * 100)}%` : ''})`}
              </span>
            )}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">{headerActions}</div>
      </header>

      {mediaUrl !== null && (
        <div className="sticky top-0 z-20 -mx-4 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:shadow-sm">
          {recording.mediaKind === 'video' ? (
            <video
              ref={ref}
              src={mediaUrl}
              preload="metadata"
              playsInline
              onClick={actions.toggle}
              className="mx-auto mb-3 max-h-[40vh] w-full rounded-lg bg-black"
            >
              <track kind="captions" />
            </video>
          ) : (
            <audio ref={ref} src={mediaUrl} preload="metadata" />
          )}
          {state.failed && (
            <p role="alert" className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              This browser cannot play this file. The transcript and exports still work.
            </p>
          )}
          <PlayerControls
            state={state}
            actions={actions}
            peaks={waveform.data}
            onShowShortcuts={() => setHelpOpen(true)}
          />
        </div>
      )}
      {mediaUrl !== null && transcript.speakerTimeline && (
        <SpeakerLanes
          timeline={transcript.speakerTimeline}
          durationSeconds={transcript.durationSeconds || recording.durationSeconds || 0}
          currentTime={state.currentTime}
          onSeek={seek}
        />
      )}

      {panels.length > 0 && (
        <div role="tablist" aria-label="Views" className="flex gap-1 border-b border-slate-200">
          {[{ id: 'transcript', label: 'Transcript' }, ...panels].map((p) => (
            <Button
              variant="unstyled"
              key={p.id}
              role="tab"
              aria-selected={tab === p.id}
              onClick={() => {
                if (editing) editor?.flush();
                setEditing(false);
                setTab(p.id);
              }}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === p.id ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {p.label}
            </Button>
          ))}
        </div>
      )}
      {panel ? (
        panel.render(actions.seek, playFrom)
      ) : (
        <>
          {notes && (
            <AnnotationsList
              annotations={notes.annotations}
              segments={transcript.segments}
              busy={notes.busy}
              onPlayFrom={playFrom}
              onEdit={notes.onEdit}
              onRemove={notes.onRemove}
            />
          )}
          {notes?.error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {notes.error}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">Transcript</h2>
            <div className="flex flex-wrap items-center gap-2">
              {editor && (editing || editor.status.kind !== 'saved') && (
                <SaveStatusText status={editor.status} />
              )}
              {editor && (
                <Button
                  variant="unstyled"
                  aria-pressed={editing}
                  onClick={() => {
                    if (editing) editor.flush();
                    setEditing((on) => !on);
                  }}
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  {editing ? 'Done editing' : 'Edit transcript'}
                </Button>
              )}
              <Button
                variant="unstyled"
                aria-expanded={searching}
                onClick={() => {
                  setSearching(true);
                  requestAnimationFrame(() => searchField.current?.select());
                }}
                title="Find in transcript (Ctrl+F)"
                className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
              >
                <Icon name="search" className="h-4 w-4" />
                {editing ? 'Find and replace' : 'Find'}
              </Button>
              {!editing && (
                <Button
                  variant="unstyled"
                  aria-pressed={autoScroll}
                  onClick={() => setAutoScroll((on) => !on)}
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
                >
                  Auto-scroll {autoScroll ? 'on' : 'off'}
                </Button>
              )}
            </div>
          </div>
          {searching && (
            <TranscriptSearch
              ref={searchField}
              query={query}
              onQuery={(value) => {
                setQuery(value);
                setCurrentMatch(0);
              }}
              count={matches.length}
              current={shownMatch}
              onStep={step}
              onClose={() => {
                setSearching(false);
                setQuery('');
              }}
              onReplaceAll={editor && editing ? replaceAll : undefined}
            />
          )}
          {showUpsell && <EditorUpsell />}
          {editor && <EditorNotices editor={editor} />}
          {editor && editing ? (
            <EditableTranscript segments={transcript.segments} editor={editor} onSeek={actions.seek} />
          ) : (
            <div ref={reading} className="flex flex-col gap-3">
              {(editor || notes) && (
                <SelectionAssign
                  root={reading}
                  segments={transcript.segments}
                  busy={editor?.busy ?? false}
                  onAssign={editor ? (change) => void editor.restructure(change) : undefined}
                  notes={notes}
                />
              )}
              <TranscriptView
                segments={transcript.segments}
                mainLanguage={transcript.language}
                active={stableActive}
                autoScroll={autoScroll && !state.paused}
                onSeek={seek}
                onPlayFrom={playFrom}
                onManualScroll={stopFollowing}
                matches={matches}
                currentMatch={shownMatch}
                annotated={annotated}
              />
            </div>
          )}
        </>
      )}
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
