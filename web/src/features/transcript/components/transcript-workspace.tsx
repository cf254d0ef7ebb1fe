import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { formatClock } from '../../../lib/time';
import { EditorNotices, EditorUpsell, SaveStatusText } from '../editor/editor-bar';
import { EditableTranscript } from '../editor/editable-transcript';
import { SelectionAssign } from '../editor/selection-assign';
import { AnnotationsList } from './annotations-list';
import { PlayerControls } from './player-controls';
import { ShortcutsHelp } from './shortcuts-help';
import { SpeakerLanes } from './speaker-lanes';
import { TranscriptSearch } from './transcript-search';
import { TranscriptView } from './transcript-view';
import { useTranscriptWorkspace, type WorkspaceProps } from './use-transcript-workspace';

/** The player glued to the transcript: the heart of the transcript page. */
export function TranscriptWorkspace(props: WorkspaceProps) {
  const {
    recording,
    transcript,
    mediaUrl,
    heading,
    actions: headerActions,
    editor,
    showUpsell,
    panels = [],
    notes,
  } = props;
  const {
    tab,
    panel,
    openTab,
    mediaRef,
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
  } = useTranscriptWorkspace(props);

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
            {transcript.editedBy && transcript.editedAt && (
              <span data-testid="edited-by">
                Edited by {transcript.editedBy.name},{' '}
                {new Date(transcript.editedAt).toLocaleString(undefined, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}
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
              ref={mediaRef}
              src={mediaUrl}
              preload="metadata"
              playsInline
              onClick={actions.toggle}
              className="mx-auto mb-3 max-h-[40vh] w-full rounded-lg bg-black"
            >
              <track kind="captions" />
            </video>
          ) : (
            <audio ref={mediaRef} src={mediaUrl} preload="metadata" />
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
              onClick={() => openTab(p.id)}
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
                  onClick={toggleEditing}
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  {editing ? 'Done editing' : 'Edit transcript'}
                </Button>
              )}
              <Button
                variant="unstyled"
                aria-expanded={searching}
                onClick={openSearch}
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
              onQuery={changeQuery}
              count={matches.length}
              current={shownMatch}
              onStep={step}
              onClose={closeSearch}
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
