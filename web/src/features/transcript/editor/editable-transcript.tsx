import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { useEffect, useState } from 'react';
import { formatClock } from '../../../lib/time';
import { RememberVoice } from './remember-voice';
import type { LineChange, TranscriptEditor } from './use-transcript-editor';
import { selectedWords, wordAtCursor } from './word-range';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

interface Props {
  segments: readonly TranscriptSegment[];
  editor: TranscriptEditor;
  onSeek(seconds: number): void;
}

/**
 * The transcript as editable text: one field per segment, speaker names renamed in place (every segment of that
 * speaker follows). Under each line: who said it (the selected words, or the whole line), merge with the line
 * before, split at the cursor. Typing never reaches the player shortcuts (they ignore text fields).
 */
export function EditableTranscript({ segments, editor, onSeek }: Props) {
  const { draft } = editor;
  const speakers = [...new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
  return (
    <div className="flex flex-col gap-4" data-testid="transcript-editor">
      {editor.canUndo && (
        <div className="flex justify-end">
          <Button
            variant="unstyled"
            disabled={editor.busy}
            onClick={() => void editor.undo()}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50"
          >
            Undo line change
          </Button>
        </div>
      )}
      {segments.map((segment, index) => {
        const label = segment.speaker;
        const showSpeaker = !!label && label !== segments[index - 1]?.speaker;
        const text = draft.segments[index] ?? segment.text.trim();
        const fieldId = `segment-${segment.id}`;
        return (
          <section key={segment.id} className="grid grid-cols-[4.5rem_1fr] gap-x-3 sm:grid-cols-[5.5rem_1fr]">
            <div className="pt-2">
              <Button
                variant="unstyled"
                onClick={() => onSeek(segment.start)}
                className="rounded px-1 font-mono text-xs tabular-nums text-brand-700 hover:bg-brand-50 hover:underline"
                aria-label={`Play from ${formatClock(segment.start)}`}
              >
                {formatClock(segment.start)}
              </Button>
            </div>
            <div className="flex flex-col gap-1">
              {showSpeaker && label && (
                <div className="flex flex-wrap items-center gap-2">
                  <SpeakerName
                    label={label}
                    name={draft.speakers[label] ?? label}
                    onRename={(name) => {
                      editor.renameSpeaker(label, name);
                      editor.flush();
                    }}
                  />
                  {segments.findIndex((s) => s.speaker === label) === index && (
                    <RememberVoice
                      recordingId={editor.recordingId}
                      label={label}
                      name={draft.speakers[label] ?? label}
                    />
                  )}
                </div>
              )}
              <SegmentField
                id={fieldId}
                label={`Text from ${formatClock(segment.start)}`}
                text={text}
                onEdit={(value) => editor.editSegment(index, value)}
                onDone={() => editor.flush()}
              />
              <LineTools
                index={index}
                fieldId={fieldId}
                segment={segment}
                speakers={speakers.map((s) => ({ label: s, name: draft.speakers[s] ?? s }))}
                busy={editor.busy}
                onChange={(change) => void editor.restructure(change)}
              />
            </div>
          </section>
        );
      })}
    </div>
  );
}

/**
 * One segment's text. While it has focus it shows what was typed, not the saved copy: the server tidies spaces,
 * and a save landing between two keystrokes must not eat the space just typed.
 */
function SegmentField({
  id,
  label,
  text,
  onEdit,
  onDone,
}: {
  id: string;
  label: string;
  text: string;
  onEdit(text: string): void;
  onDone(): void;
}) {
  const [value, setValue] = useState(text);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setValue(text);
  }, [text, focused]);
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onFocus={() => setFocused(true)}
        onChange={(event) => {
          setValue(event.target.value);
          onEdit(event.target.value);
        }}
        onBlur={() => {
          setFocused(false);
          onDone();
        }}
        rows={1}
        spellCheck
        aria-invalid={value.trim() === '' ? true : undefined}
        className="min-h-10 w-full resize-none rounded-lg border border-slate-200 bg-white px-3 py-1.5 leading-7 text-slate-800 [field-sizing:content] hover:border-slate-300 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid]:border-red-400"
      />
    </>
  );
}

/** A speaker's name as a small field: Enter or leaving it renames everywhere; Escape puts the name back. */
function SpeakerName({
  label,
  name,
  onRename,
}: {
  label: string;
  name: string;
  onRename(name: string): void;
}) {
  const [value, setValue] = useState(name);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setValue(name);
  }, [name, focused]);
  const commit = () => {
    const tidy = value.replace(/\s+/g, ' ').trim();
    if (tidy && tidy !== name) onRename(tidy);
    else setValue(name);
  };
  return (
    <Input
      type="text"
      value={value}
      maxLength={100}
      aria-label={`Speaker name (renames every part spoken by ${name})`}
      title="Rename this speaker everywhere"
      onFocus={() => setFocused(true)}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => {
        setFocused(false);
        commit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape') {
          setValue(name);
        }
      }}
      className="w-fit max-w-full rounded border border-transparent px-1 text-sm font-semibold text-slate-900 hover:border-slate-300 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      data-speaker={label}
    />
  );
}

const toolClass =
  'rounded px-1.5 py-0.5 text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50';

/**
 * What can be done to one line besides typing. The field keeps its selection when focus moves here, so "who said
 * it" applies to the selected words when there are some, and a split happens where the cursor was.
 */
function LineTools({
  index,
  fieldId,
  segment,
  speakers,
  busy,
  onChange,
}: {
  index: number;
  fieldId: string;
  segment: TranscriptSegment;
  speakers: readonly { label: string; name: string }[];
  busy: boolean;
  onChange(change: LineChange): void;
}) {
  const [naming, setNaming] = useState(false);
  const [newName, setNewName] = useState('');
  const at = `${formatClock(segment.start)}`;
  const field = () => document.getElementById(fieldId);
  // Text typed but not saved yet gets its words from its spaces on the server: count them the same way.
  const wordsFor = (text: string) =>
    text.replace(/\s+/g, ' ').trim() === segment.text.replace(/\s+/g, ' ').trim() ? segment : { words: [] };
  const assign = (speaker: string) => {
    const node = field();
    const text = node instanceof HTMLTextAreaElement ? node.value : segment.text;
    const start = node instanceof HTMLTextAreaElement ? node.selectionStart : 0;
    const end = node instanceof HTMLTextAreaElement ? node.selectionEnd : 0;
    const words = start !== end ? selectedWords(text, wordsFor(text), start, end) : null;
    const count = Math.max(1, wordsFor(text).words.length || text.split(/\s+/).filter(Boolean).length);
    onChange({
      kind: 'assignSpeaker',
      from: { segment: index, word: words?.from ?? 0 },
      to: { segment: index, word: words?.to ?? count - 1 },
      speaker,
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-1" role="group" aria-label={`Line from ${at}`}>
      {naming ? (
        <form
          className="flex items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            const tidy = newName.replace(/\s+/g, ' ').trim();
            if (tidy) assign(tidy);
            setNaming(false);
            setNewName('');
          }}
        >
          <Input
            autoFocus
            type="text"
            maxLength={100}
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setNaming(false);
            }}
            aria-label={`Name of the new speaker for the line from ${at}`}
            placeholder="New speaker name"
            className="h-7 rounded border border-slate-300 px-2 text-xs focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <Button variant="unstyled" type="submit" className={toolClass}>
            Assign
          </Button>
        </form>
      ) : (
        <select
          value=""
          disabled={busy}
          aria-label={`Assign the line from ${at}, or its selected words, to a speaker`}
          onChange={(event) => {
            const value = event.target.value;
            if (value === '\u0000new') setNaming(true);
            else if (value) assign(value);
          }}
          className="h-7 rounded border border-transparent bg-transparent text-xs text-slate-600 hover:border-slate-300"
        >
          <option value="">Assign to speaker…</option>
          {speakers.map((s) => (
            <option key={s.label} value={s.label}>
              {s.name}
            </option>
          ))}
          <option value={'\u0000new'}>New speaker…</option>
        </select>
      )}
      {index > 0 && (
        <Button
          variant="unstyled"
          disabled={busy}
          className={toolClass}
          aria-label={`Merge the line from ${at} with the line before it`}
          onClick={() => onChange({ kind: 'mergeWithPrevious', index })}
        >
          Merge with previous
        </Button>
      )}
      <Button
        variant="unstyled"
        disabled={busy}
        className={toolClass}
        aria-label={`Split the line from ${at} at the cursor`}
        onClick={() => {
          const node = field();
          if (!(node instanceof HTMLTextAreaElement)) return;
          const word = wordAtCursor(node.value, wordsFor(node.value), node.selectionStart);
          if (word > 0) onChange({ kind: 'split', index, word });
        }}
      >
        Split at cursor
      </Button>
    </div>
  );
}
