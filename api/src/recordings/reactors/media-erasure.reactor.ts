import type { BlobStore, Reactor, RecordedEvent } from '@scrivo/domain';
import type { RecordingMediaPurged } from '@scrivo/domain/recordings';

/**
 * Erases the bytes once the recording's stream says its media is purged. Deleting a blob that is already gone
 * is no error, so a replay after a crash erases nothing twice and misses nothing.
 */
export const mediaErasureReactor = (deps: { readonly blobs: BlobStore }): Reactor => ({
  name: 'media-erasure',
  eventTypes: ['RecordingMediaPurged'],
  async react(recorded: RecordedEvent) {
    const { blobKeys } = recorded.data as RecordingMediaPurged['data'];
    for (const key of blobKeys) await deps.blobs.delete(key);
  },
});
