import { useEffect, useRef, useState } from 'react';
import type { LiveSegment } from './live-recorder';
import { Button } from '../../components/ui/button';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

export { clock };

/** A pause this long starts a new paragraph (with its own timestamp). */
const PARAGRAPH_GAP_SECONDS = 2;

const paragraphs = (finals: readonly LiveSegment[]) => {
  const out: { start: number; end: number; text: string }[] = [];
  for (const segment of finals) {
    const last = out.at(-1);
    if (last && segment.start - last.end < PARAGRAPH_GAP_SECONDS) {
      last.text = `${last.text} ${segment.text}`;
      last.end = segment.end;
    } else out.push({ start: segment.start, end: segment.end, text: segment.text });
  }
  return out;
};

/**
 * The live text: settled words in full colour with their timestamps, the partial ones after them in a lighter
 * style. It follows the newest words unless the user has scrolled back to read; "Jump to live" brings it back.
 */
export function LiveTranscript({
  finals,
  partial,
}: {
  finals: readonly LiveSegment[];
  partial: { text: string; start: number };
}) {
  const box = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);

  useEffect(() => {
    const el = box.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [finals, partial, following]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight < 40);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={box}
        onScroll={onScroll}
        data-testid="live-text"
        aria-live="polite"
        className="h-full overflow-y-auto rounded-xl bg-white p-6 text-lg leading-relaxed text-slate-900 shadow-inner"
      >
        {finals.length === 0 && !partial.text && (
          <p className="text-slate-500">Listening… words appear here as they are spoken.</p>
        )}
        {paragraphs(finals).map((paragraph, index, all) => (
          <p key={paragraph.start} className="mb-3">
            <time className="mr-2 align-middle text-xs text-slate-400">{clock(paragraph.start)}</time>
            <span data-final="true">{paragraph.text}</span>
            {index === all.length - 1 && partial.text && ' '}
            {index === all.length - 1 && partial.text && (
              <span data-partial="true" className="text-slate-400 italic">
                {partial.text}
              </span>
            )}
          </p>
        ))}
        {finals.length === 0 && partial.text && (
          <p>
            <span data-partial="true" className="text-slate-400 italic">
              {partial.text}
            </span>
          </p>
        )}
      </div>
      {!following && (
        <Button
          variant="unstyled"
          onClick={() => setFollowing(true)}
          className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white shadow"
        >
          Jump to live
        </Button>
      )}
    </div>
  );
}
