/** Loudest sample per bucket, scaled to 0..1: the outline of a waveform. */
export const peaksOf = (channels: readonly Float32Array[], buckets: number): number[] => {
  const length = channels[0]?.length ?? 0;
  if (length === 0 || buckets <= 0) return [];
  const size = Math.max(1, Math.floor(length / buckets));
  const peaks: number[] = [];
  for (let b = 0; b < buckets && b * size < length; b++) {
    let max = 0;
    const end = Math.min(length, (b + 1) * size);
    for (const channel of channels) {
      for (let i = b * size; i < end; i++) {
        const value = Math.abs(channel[i]!);
        if (value > max) max = value;
      }
    }
    peaks.push(max);
  }
  const loudest = Math.max(...peaks, 1e-9);
  return peaks.map((p) => p / loudest);
};
