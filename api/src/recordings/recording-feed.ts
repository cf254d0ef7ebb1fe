import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Recording } from '@scrivo/contracts';
import type { EventStore, ReadModelStore, Subscription } from '@scrivo/domain';
import { RECORDING_EVENT_TYPES, RECORDINGS_COLLECTION, type RecordingDoc } from '@scrivo/domain/recordings';
import { Projections } from '../infrastructure/projection-registry';
import { followSettledEvents } from '../infrastructure/settled-events';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens';
import { toRecording } from './recording-view';

export type FeedMessage = { type: 'recording'; recording: Recording } | { type: 'removed'; id: string };
type Listener = (message: FeedMessage) => void;

const types = new Set<string>(RECORDING_EVENT_TYPES);

/**
 * Live recording snapshots for the SSE stream: follows the event store from now on, waits until the read model
 * has the change, then tells the owner's open streams. Any API replica can serve any stream.
 */
@Injectable()
export class RecordingFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModelStore,
    private readonly projections: Projections,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await followSettledEvents(this.events, this.projections, types, async (event) => {
      const id = (event.data as { recordingId: string }).recordingId;
      const doc = await this.readModels.collection<RecordingDoc>(RECORDINGS_COLLECTION).get(id);
      if (!doc) return;
      const message: FeedMessage = doc.deletedAt
        ? { type: 'removed', id }
        : { type: 'recording', recording: toRecording(doc) };
      for (const listener of this.listeners.get(doc.ownerId) ?? []) listener(message);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }

  listen(ownerId: string, listener: Listener): () => void {
    let set = this.listeners.get(ownerId);
    if (!set) this.listeners.set(ownerId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(ownerId);
    };
  }
}
