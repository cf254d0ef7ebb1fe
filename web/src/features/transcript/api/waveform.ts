import { useQuery } from '@tanstack/react-query';
import { peaksOf } from '../lib/peaks';

/** Above this the media is not fetched a second time just to draw it: the plain progress bar shows instead. */
const MAX_BYTES = 25 * 1024 * 1024;
const BUCKETS = 240;

/** The waveform of an audio file (decoded in the browser), or null when it is too big or cannot be decoded. */
export const useWaveform = (mediaUrl: string, sizeBytes: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['waveform', mediaUrl],
    enabled: enabled && sizeBytes !== null && sizeBytes <= MAX_BYTES && typeof AudioContext !== 'undefined',
    staleTime: Infinity,
    retry: false,
    queryFn: async (): Promise<number[] | null> => {
      const response = await fetch(mediaUrl, { credentials: 'include' });
      if (!response.ok) return null;
      const context = new AudioContext();
      try {
        const audio = await context.decodeAudioData(await response.arrayBuffer());
        const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
        return peaksOf(channels, BUCKETS);
      } catch {
        return null;
      } finally {
        void context.close();
      }
    },
  });
