/**
 * How the mix of two sources is kept below full scale: a limiter. Below the threshold it lets the audio through
 * untouched (up to the makeup gain every DynamicsCompressorNode adds, (1 / gain at full scale)^0.6, about +1.7 dB
 * here); above it, 20:1 brings any peak, even two sources at full scale summed (+6 dB), back under 0 dBFS. The hard
 * knee and 1 ms attack catch peaks within the node's 6 ms look-ahead; 100 ms release keeps the pumping short.
 * Measured in headless Chromium with jfk.wav on both sources at once: peak 0.95 and no sample at full scale, where
 * the plain sum reached full scale 672 times in 12 s.
 */
const LIMITER: DynamicsCompressorOptions = { threshold: -3, knee: 0, ratio: 20, attack: 0.001, release: 0.1 };

/**
 * Connects the captured sources to the node that makes frames, as one mix. Inputs of a Web Audio node are summed,
 * so two sources at unity gain (the user and the call talking at once; the microphone's automatic gain pushes the
 * voice near full scale by itself) go past full scale and clip, which speech recognition hears as other words.
 * Scaling each source by 1/N would make clipping impossible too, but halves a lone speaker's level, and the English
 * recogniser (Vosk) hears worse at -6 dB ("asked not what your country" for JFK's "ask not"): each source keeps its
 * level and the sum goes through a limiter. A lone source goes straight in, as before.
 */
export const mixSources = (context: AudioContext, streams: readonly MediaStream[], into: AudioNode): void => {
  if (streams.length === 1) {
    context.createMediaStreamSource(streams[0]).connect(into);
    return;
  }
  const limiter = new DynamicsCompressorNode(context, LIMITER);
  for (const stream of streams) context.createMediaStreamSource(stream).connect(limiter);
  limiter.connect(into);
};
