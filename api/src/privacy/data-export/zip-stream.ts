import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A zip written entry by entry and read as a stream of bytes, for BlobStore.put: media goes in stored (already
 * compressed), text deflated. fflate hands out chunks through a callback; they wait here until the reader takes
 * them. Files are added one at a time, each read from its own stream, so memory holds chunks, not whole files.
 */
export class ZipStream {
  private readonly zip: Zip;
  private readonly chunks: Uint8Array[] = [];
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor() {
    this.zip = new Zip((error, chunk, final) => {
      if (error) this.failure = error;
      else this.chunks.push(chunk);
      if (final) this.ended = true;
      this.wake?.();
    });
  }

  addText(path: string, text: string): void {
    const entry = new ZipDeflate(path, { level: 6 });
    this.zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
  }

  async addStream(path: string, body: AsyncIterable<Uint8Array>): Promise<void> {
    const entry = new ZipPassThrough(path);
    this.zip.add(entry);
    for await (const chunk of body) {
      entry.push(chunk);
      // Let the reader drain what is there before reading more of the file.
      while (this.chunks.length > 64) await new Promise((r) => setTimeout(r, 5));
    }
    entry.push(new Uint8Array(0), true);
  }

  end(): void {
    this.zip.end();
  }

  abort(error: Error): void {
    this.failure = error;
    this.wake?.();
  }

  async *bytes(): AsyncIterable<Uint8Array> {
    for (;;) {
      if (this.failure) throw this.failure;
      const next = this.chunks.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }
}
