/** Bars of loudness; the part already played in the brand colour. Decorative: the slider above it is the control. */
export function Waveform({ peaks, progress }: { peaks: readonly number[]; progress: number }) {
  const played = Math.floor(progress * peaks.length);
  return (
    <svg
      viewBox={`0 0 ${peaks.length} 100`}
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 h-full w-full"
      aria-hidden="true"
    >
      {peaks.map((peak, i) => {
        const height = Math.max(4, peak * 100);
        return (
          <rect
            key={i}
            x={i + 0.15}
            y={(100 - height) / 2}
            width={0.7}
            height={height}
            className={i < played ? 'fill-brand-600' : 'fill-slate-300'}
          />
        );
      })}
    </svg>
  );
}
