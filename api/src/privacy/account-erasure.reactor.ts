import type { BlobStore, KeyStore, ReadModelStore, Reactor } from '@scrivo/domain';
import {
  DATA_EXPORTS,
  type DataExportDoc,
  dataExportDecider,
  dataExportStream,
} from '@scrivo/domain/privacy';
import { exportBlobKey } from './data-export/data-export.job';
import {
  accountErasureWorkflow,
  type Mailer,
  type ChangedBy,
  AccountStreams,
  addressKeySubject,
  type EmailStreamNames,
  emailClaimDecider,
  invitationDecider,
  normalizeEmail,
  userAccountDecider,
} from '@scrivo/domain/accounts';
import {
  CHAT_SESSIONS,
  type ChatSessionDoc,
  ChatStreams,
  chatSessionDecider,
  chatSessionKeySubject,
} from '@scrivo/domain/chat';
import {
  RECORDINGS_COLLECTION,
  type RecordingDoc,
  recordingDecider,
  recordingStream,
} from '@scrivo/domain/recordings';
import { webhooksDecider, webhooksStream } from '@scrivo/domain/webhooks';
import {
  WORKSPACE_INVITATIONS_COLLECTION,
  WORKSPACE_MEMBERS_COLLECTION,
  type WorkspaceInvitationDoc,
  type WorkspaceMemberDoc,
  workspaceDecider,
  workspaceRole,
  workspaceStream,
} from '@scrivo/domain/workspaces';
import type { SessionStore } from '../common/auth/session-store';
import type { StreamRunner } from '../infrastructure/stream-runner';
import { workflowReactor } from '../infrastructure/workflow-reactor';

/** Erases the address key now in use (the first generation not erased yet: see addressKeySubject). */
const eraseLiveAddressKey = async (keys: KeyStore, addressKey: string): Promise<void> => {
  for (let generation = 1; ; generation += 1) {
    const subject = addressKeySubject(addressKey, generation);
    if (await keys.erasedAt(subject)) continue;
    await keys.erase(subject);
    return;
  }
};

const ERASURE: ChangedBy = { kind: 'system', adminId: null, label: 'account erasure' };

/**
 * The account-erasure workflow (domain/src/accounts/workflows): once an owner asked, each of its steps erases what
 * the account held (sessions, recordings with their media, "Download my data" archives, support chats in which the
 * site proved the visitor was this user), gives the address up, records `AccountErased` and erases the keys, so
 * what the person's events hold reads "[erased]". Every step is one a repeat leaves unchanged, so a crash before
 * the checkpoint only repeats them.
 */
export const accountErasureReactor = (deps: {
  readonly runner: StreamRunner;
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
}): Reactor =>
  workflowReactor(accountErasureWorkflow, {
    runner: deps.runner,
    async send(step, context) {
      switch (step.type) {
        case 'EndSessions':
          return deps.sessions.revokeAllFor('user', step.userId);
        case 'EraseWebhooks': {
          const stream = webhooksStream(step.userId);
          const { endpoints } = await deps.runner.state(webhooksDecider, stream);
          for (const { webhookId } of endpoints)
            await deps.runner.run(
              webhooksDecider,
              stream,
              { type: 'DeleteWebhook', webhookId, now: deps.runner.now() },
              context,
            );
          return;
        }
        case 'LeaveWorkspaces': {
          const memberships = await deps.readModels
            .collection<WorkspaceMemberDoc>(WORKSPACE_MEMBERS_COLLECTION)
            .find({ userId: step.userId });
          for (const { workspaceId } of memberships) {
            const stream = workspaceStream(workspaceId);
            // From the stream, not the read model: a repeat after a crash finds the step done and decides nothing.
            const role = workspaceRole(await deps.runner.state(workspaceDecider, stream), step.userId);
            if (role === null) continue;
            const by = step.userId;
            const now = deps.runner.now();
            await deps.runner.run(
              workspaceDecider,
              stream,
              role === 'owner'
                ? { type: 'DeleteWorkspace', by, now }
                : { type: 'RemoveMember', by, userId: by, now },
              context,
            );
          }
          return;
        }
        case 'EraseRecordings': {
          // Every recording made before the request is in the library by then; none can be made after it.
          await deps.readModelsInclude(context.position);
          const owned = await deps.readModels
            .collection<RecordingDoc>(RECORDINGS_COLLECTION)
            .find({ ownerId: step.userId });
          for (const { id } of owned)
            await deps.runner.run(
              recordingDecider,
              recordingStream(id),
              { type: 'EraseRecording', now: deps.runner.now() },
              context,
            );
          return;
        }
        case 'EraseDataExports': {
          const archives = await deps.readModels
            .collection<DataExportDoc>(DATA_EXPORTS)
            .find({ userId: step.userId });
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
          return;
        }
        case 'EraseSupportChats': {
          // Gone from the read models, then their keys (the messages and addresses in their events read "[erased]").
          const chats = await deps.readModels
            .collection<ChatSessionDoc>(CHAT_SESSIONS)
            .find({ userId: step.userId });
          for (const { sessionId } of chats) {
            await deps.runner.run(
              chatSessionDecider,
              ChatStreams.session(sessionId),
              { type: 'EraseChatSession', at: deps.runner.now() },
              context,
            );
            await deps.keys.erase(chatSessionKeySubject(sessionId));
          }
          return;
        }
        case 'GiveUpAddress':
          await deps.runner.run(
            emailClaimDecider,
            deps.emails.userEmail(step.email),
            { type: 'ReleaseEmail', ownerId: step.userId, at: deps.runner.now() },
            context,
          );
          // An invitation still open would keep the address in the console's list (a read model keyed by it).
          await deps.runner.run(
            invitationDecider,
            deps.emails.invitation(step.email),
            { type: 'RevokeInvitation', email: step.email, by: ERASURE, at: deps.runner.now() },
            context,
          );
          // So would a workspace's invitation nobody answered (the invitations read model is found by address).
          for (const { id, workspaceId } of await deps.readModels
            .collection<WorkspaceInvitationDoc>(WORKSPACE_INVITATIONS_COLLECTION)
            .find({ email: normalizeEmail(step.email) }))
            await deps.runner.run(
              workspaceDecider,
              workspaceStream(workspaceId),
              {
                type: 'DeclineInvitation',
                invitationId: id,
                userId: step.userId,
                email: step.email,
                now: deps.runner.now(),
              },
              context,
            );
          return;
        case 'CompleteErasure':
          await deps.runner.run(
            userAccountDecider,
            AccountStreams.user(step.userId),
            { type: 'CompleteAccountErasure', at: deps.runner.now() },
            context,
          );
          return;
        case 'ShredLeftovers': {
          // Once the read models hold the erasure (the account stream's last event, read from the stream so a repeat
          // that finds it already recorded waits for it too), they dropped the person's documents: every erasure
          // above comes before it. Their old bytes must not stay readable on disk, in the store's log or in mail
          // kept for them.
          const { events } = await deps.runner.load(userAccountDecider, AccountStreams.user(step.userId));
          await deps.readModelsInclude(Math.max(context.position, events.at(-1)?.globalPosition ?? 0));
          await deps.readModels.shredDeleted();
          if (step.email !== null) await deps.mailer.forget?.(step.email);
          return;
        }
        case 'EraseAddressKey':
          // A repeat after this finds the address on the next generation (unused: harmless).
          return eraseLiveAddressKey(deps.keys, deps.emails.keyOf(step.email));
        case 'ErasePersonKey':
          return deps.keys.erase(step.userId);
      }
    },
  });
