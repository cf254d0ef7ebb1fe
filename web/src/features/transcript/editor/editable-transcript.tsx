import type { TranscriptSegment } from '@scrivo/contracts/recordings/recordings.contract';
import { useEffect, useState } from 'react';
import { formatClock } from '../lib/time';
import type { TranscriptEditor } from './use-transcript-editor';

interface Props {
  segments: readonly TranscriptSegment[];
  editor: TranscriptEditor;
  onSeek(seconds: number): void;
}

/**
 * The transcript as editable text: one field per segment, speaker names renamed in place (every segment of that
 * speaker follows). Typing never reaches the player shortcuts (they ignore text fields).
 */
export function EditableTranscript({ segments, editor, onSeek }: Props) {
  const { draft } = editor;
  return (
    <div className="flex flex-col gap-4" data-testid="transcript-editor">
      {segments.map((segment, index) => {
        const label = segment.speaker;
        const showSpeaker = !!label && label !== segments[index - 1]?.speaker;
        const text = draft.segments[index] ?? segment.text.trim();
        const fieldId = `segment-${segment.id}`;
        return (
          <section key={segment.id} className="grid grid-cols-[4.5rem_1fr] gap-x-3 sm:grid-cols-[5.5rem_1fr]">
            <div className="pt-2">
              <button
                type="button"
                onClick={() => onSeek(segment.start)}
                className="rounded px-1 font-mono text-xs tabular-nums text-brand-700 hover:bg-brand-50 hover:underline"
                aria-label={`Play from ${formatClock(segment.start)}`}
              >
                {formatClock(segment.start)}
              </button>
            </div>
            <div className="flex flex-col gap-1">
              {showSpeaker && label && (
                <SpeakerName
                  label={label}
                  name={draft.speakers[label] ?? label}
                  onRename={(name) => {
                    editor.renameSpeaker(label, name);
                    editor.flush();
                  }}
                />
              )}
              <SegmentField
                id={fieldId}
                label={`Text from ${formatClock(segment.start)}`}
                text={text}
                onEdit={(value) => editor.editSegment(index, value)}
                onDone={() => editor.flush()}
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
    <input
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
