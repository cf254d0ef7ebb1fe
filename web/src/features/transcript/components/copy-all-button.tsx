import type { Transcript } from '@scrivo/contracts/recordings/recordings.contract';
import { useEffect, useState } from 'react';
import { formatClock } from '../../../lib/time';
import { Button } from '../../../components/ui/button';

/** Paragraphs with their start time and speaker: what people paste into notes and emails. */
const transcriptAsText = (transcript: Pick<Transcript, 'segments'>): string =>
  transcript.segments
    .map((s) => `[${formatClock(s.start)}]${s.speaker ? ` ${s.speaker}:` : ''} ${s.text.trim()}`)
    .join('\n\n');

export function CopyAllButton({ transcript }: { transcript: Pick<Transcript, 'segments'> }) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (status === 'idle') return;
    const timer = setTimeout(() => setStatus('idle'), 2500);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <Button
      variant="unstyled"
      onClick={() =>
        navigator.clipboard.writeText(transcriptAsText(transcript)).then(
          () => setStatus('copied'),
          () => setStatus('failed'),
        )
      }
      className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 font-medium text-slate-800 hover:bg-slate-50"
    >
      <span aria-live="polite">
        {status === 'copied' ? 'Copied' : status === 'failed' ? 'Copy failed' : 'Copy all'}
      </span>
    </Button>
  );
}
