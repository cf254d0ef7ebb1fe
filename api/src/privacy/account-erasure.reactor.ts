import {
  type Actor,
  type BlobStore,
  ERASED_TEXT,
  type KeyStore,
  type ReadModelStore,
  type Reactor,
  type RecordedEvent,
} from '@scrivo/domain';
import {
  DATA_EXPORTS,
  type DataExportDoc,
  dataExportDecider,
  dataExportStream,
} from '@scrivo/domain/privacy';
import { exportBlobKey } from './data-export/data-export.job';
import {
  type AccountErasureRequested,
  type Mailer,
  type ChangedBy,
  AccountStreams,
  addressKeySubject,
  type EmailStreamNames,
  emailClaimDecider,
  invitationDecider,
  userAccountDecider,
} from '@scrivo/domain/accounts';
import {
  CHAT_SESSIONS,
  type ChatSessionDoc,
  ChatStreams,
  chatSessionDecider,
  chatSessionKeySubject,
} from '@scrivo/domain/chat';
import { RECORDINGS_COLLECTION, type RecordingDoc } from '@scrivo/domain/recordings';
import type { SessionStore } from '../common/auth/session-store';
import type { StreamRunner } from '../infrastructure/stream-runner';
import type { RecordingCommands } from '../recordings/recording-commands';

/** Erases the address key now in use (the first generation not erased yet: see addressKeySubject). */
const eraseLiveAddressKey = async (keys: KeyStore, addressKey: string): Promise<void> => {
  for (let generation = 1; ; generation += 1) {
    const subject = addressKeySubject(addressKey, generation);
    if (await keys.erasedAt(subject)) continue;
    await keys.erase(subject);
    return;
  }
};

const actor: Actor = { kind: 'system', id: 'account-erasure' };
const ERASURE: ChangedBy = { kind: 'system', adminId: null, label: 'account erasure' };

/**
 * Erases what an account held once its owner asked (`AccountErasureRequested`): signs it out everywhere, erases
 * every recording (its media purged at once: the media-erasure reactor deletes the bytes; its read-model
 * documents dropped), every "Download my data" archive and every support chat the user was identified in, gives the address up, then records `AccountErased` and erases the person's key, so what their events hold reads "[erased]". Every step is a decision a repeat
 * leaves unchanged (an erased recording, a released claim, a finished erasure decide nothing), so a crash before
 * the checkpoint only repeats them.
 */
export const accountErasureReactor = (deps: {
  readonly runner: StreamRunner;
  readonly recordings: RecordingCommands;
  readonly sessions: SessionStore;
  readonly readModels: ReadModelStore;
  readonly blobs: BlobStore;
  readonly keys: KeyStore;
  /** The keyed names of an address's streams (the claim to give up, the address's own key). */
  readonly emails: EmailStreamNames;
  /** Resolves once the read models hold every event up to this position (the owner's recordings). */
  readonly readModelsInclude: (position: number) => Promise<void>;
  /** Its kept messages to the address (the embedded outbox) are deleted with the account. */
  readonly mailer: Mailer;
}): Reactor => ({
  name: 'account-erasure',
  eventTypes: ['AccountErasureRequested'],
  async react(recorded: RecordedEvent) {
    const { userId } = recorded.data as AccountErasureRequested['data'];
    const context = {
      actor,
      correlationId: recorded.metadata.correlationId,
      causationId: recorded.metadata.eventId,
    };
    await deps.sessions.revokeAllFor('user', userId);

    // Every recording made before the request is in the library by then; none can be made after it.
    await deps.readModelsInclude(recorded.globalPosition);
    const owned = await deps.readModels
      .collection<RecordingDoc>(RECORDINGS_COLLECTION)
      .find({ ownerId: userId });
    for (const { id } of owned)
      await deps.recordings.run(
        id,
        { type: 'EraseRecording', now: deps.recordings.now() },
        actor,
        context.correlationId,
        context.causationId,
      );

    // "Download my data" archives hold everything too.
    const archives = await deps.readModels.collection<DataExportDoc>(DATA_EXPORTS).find({ userId });
    for (const { id } of archives) {
      const blobKey = exportBlobKey(id);
      await deps.blobs.delete(blobKey);
      await deps.runner.run(
        dataExportDecider,
        dataExportStream(id),
        { type: 'EraseDataExport', blobKey, at: deps.runner.now() },
        context,
      );
    }

    // Support chats in which the site proved the visitor was this user: gone from the read models, then their
    // keys (the messages and addresses in their events read "[erased]").
    const chats = await deps.readModels.collection<ChatSessionDoc>(CHAT_SESSIONS).find({ userId });
    for (const { sessionId } of chats) {
      await deps.runner.run(
        chatSessionDecider,
        ChatStreams.session(sessionId),
        { type: 'EraseChatSession', at: deps.runner.now() },
        context,
      );
      await deps.keys.erase(chatSessionKeySubject(sessionId));
    }

    const { state } = await deps.runner.load(userAccountDecider, AccountStreams.user(userId));
    const email = state.email && state.email !== ERASED_TEXT ? state.email : null;
    const addressKey = email ? deps.emails.keyOf(email) : null;
    if (email) {
      await deps.runner.run(
        emailClaimDecider,
        deps.emails.userEmail(email),
        { type: 'ReleaseEmail', ownerId: userId, at: deps.runner.now() },
        context,
      );
      // An invitation still open would keep the address in the console's list (a read model keyed by it).
      await deps.runner.run(
        invitationDecider,
        deps.emails.invitation(email),
        { type: 'RevokeInvitation', email, by: ERASURE, at: deps.runner.now() },
        context,
      );
    }
    const completed = await deps.runner.run(
      userAccountDecider,
      AccountStreams.user(userId),
      { type: 'CompleteAccountErasure', at: deps.runner.now() },
      context,
    );
    // The read models dropped the person's documents by now (every erasure above comes before this event); their
    // old bytes must not stay readable on disk, in the store's log or in mail kept for them.
    await deps.readModelsInclude(Math.max(recorded.globalPosition, completed.lastPosition ?? 0));
    await deps.readModels.shredDeleted();
    if (email) await deps.mailer.forget?.(email);
    // Last, once nothing more needs to read them: the person's key goes, and with it every name, address and
    // transcript word sealed in their events (crypto-shredding). A replay finds the key gone and changes nothing.
    // The address's own key, which sealed it in the events of its claim, codes and invitation; then, last, the
    // person's key. A replay after the first finds the address on the next generation (unused: harmless); a replay
    // after the second reads the address as "[erased]" and leaves the address keys alone.
    if (addressKey) await eraseLiveAddressKey(deps.keys, addressKey);
    await deps.keys.erase(userId);
  },
});
