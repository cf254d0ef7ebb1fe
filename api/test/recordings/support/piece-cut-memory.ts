/**
 * Cuts one decoded WAV into pieces in the local blob store the way the file job does, in a fresh process, and
 * prints how far the process's memory grew while doing it (one JSON line), so the number is the cut's alone.
 *
 *   node --conditions=source --import tsx api/test/recordings/support/piece-cut-memory.ts <wav> <blob dir>
 */
import { LocalBlobStore } from '@scrivo/adapters/blobs/local-blob-store';
import { storePieces } from '../../../src/recordings/transcription-pieces';

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

const main = async (wav: string, root: string) => {
  const blobs = new LocalBlobStore({ root });
  // Warm the blob store's code paths first, so the first piece's module loading is not counted as the cut's.
  await blobs.put('warm-up', new Uint8Array(16));
  await blobs.delete('warm-up');
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeapAndBuffers = before.heapUsed + before.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeapAndBuffers = Math.max(peakHeapAndBuffers, now.heapUsed + now.arrayBuffers);
  };
  const sampler = setInterval(sample, 5);
  const startedAt = performance.now();
  const pieces = await storePieces(
    { blobs },
    wav,
    { recordingId: 'r1', fileJobId: 'j1' },
    { thresholdSeconds: 240, pieceSeconds: 120, windowSeconds: 30 },
  );
  sample();
  clearInterval(sampler);
  // Not the kernel's high-water mark (resourceUsage().maxRSS): Linux carries it over from the forked copy of the
  // parent across exec, so a test worker of 400 MB made this process look 320 MB bigger than it ever was.
  console.log(
    JSON.stringify({
      pieces: pieces?.length ?? 0,
      seconds: Math.round(performance.now() - startedAt) / 1000,
      rssBeforeMb: mb(before.rss),
      rssGrowthMb: mb(peakRss - before.rss),
      heapAndBuffersGrowthMb: mb(peakHeapAndBuffers - before.heapUsed - before.arrayBuffers),
    }),
  );
};

const [wav, root] = process.argv.slice(2);
if (!wav || !root) throw new Error('usage: piece-cut-memory.ts <wav> <blob dir>');
main(wav, root).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
