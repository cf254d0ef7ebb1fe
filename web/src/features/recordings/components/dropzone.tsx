import { useId, useRef, useState, type DragEvent } from 'react';
import { ACCEPT_ATTRIBUTE } from '../upload/refusals';
import { Input } from '../../../components/ui/input';

interface Props {
  onFiles(files: File[]): void;
  disabled?: boolean;
  maxSizeLabel?: string;
}

/** Drop files here or pick them: the whole area is one labelled file input, so it works by keyboard too. */
export function Dropzone({ onFiles, disabled, maxSizeLabel }: Props) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const take = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (files.length) onFiles(files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="dropzone"
      className={`relative flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors ${
        over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
      } ${disabled ? 'opacity-60' : ''}`}
    >
      <svg viewBox="0 0 24 24" className="h-10 w-10 text-brand-600" aria-hidden="true">
        <path
          d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="text-base font-medium text-slate-900">Drop audio or video files here</p>
      <p id={hintId} className="text-sm text-slate-600">
        MP3, WAV, M4A, WEBM, MP4 and more{maxSizeLabel ? `, up to ${maxSizeLabel} each` : ''}
      </p>
      <label className="mt-2 cursor-pointer rounded-lg bg-brand-600 px-4 py-2 font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-brand-700">
        Choose files
        <Input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          disabled={disabled}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            take(event.currentTarget.files);
            // Choosing the same file twice in a row must fire change again.
            event.currentTarget.value = '';
          }}
        />
      </label>
    </div>
  );
}
