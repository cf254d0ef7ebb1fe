import { adminAccountDecider } from '../accounts/admin-account.decider';
import { auditorAccountDecider } from '../accounts/auditor-account.decider';
import { emailClaimDecider } from '../accounts/email-claim.decider';
import { emailVerificationDecider } from '../accounts/email-verification.decider';
import { invitationDecider } from '../accounts/invitation.decider';
import { userAccountDecider } from '../accounts/user-account';
import { chatSessionDecider } from '../chat/chat-session';
import { chatSiteDecider } from '../chat/chat-site.decider';
import { adminPresenceDecider } from '../chat/presence/admin-presence.decider';
import { apiKeyDecider } from '../api-keys/api-key.decider';
import { jobDecider } from '../jobs/job.decider';
import { libraryDecider } from '../library/library.decider';
import { liveSessionDecider } from '../live/live-session.decider';
import { dataExportDecider } from '../privacy/data-export.decider';
import type { DomainEvent } from '../kernel/events';
import { recordingDecider } from '../recordings/recording';
import { usageDecider } from '../recordings/usage.decider';
import { shareLinkDecider } from '../share-links/share-link.decider';
import { summarySettingsDecider } from '../summaries/summary-settings.decider';
import { summaryDecider } from '../summaries/summary.decider';
import { translationDecider } from '../translations/translation.decider';
import { webhookDeliveryDecider } from '../webhooks/webhook-delivery.decider';
import { webhooksDecider } from '../webhooks/webhooks.decider';
import { chatMoment, type Moment, recordingMoment } from './moment-views';

/** The part of a decider that replays: folding needs nothing else. */
export interface Replayer {
  initialState(): unknown;
  evolve(state: unknown, event: DomainEvent): unknown;
  /** What the kind shows beside its state (a chat's conversation, a recording's status and minutes). */
  moment(state: unknown, events: readonly DomainEvent[]): Moment | null;
}

/**
 * Widens a decider to a replayer: the registry holds deciders of every event type side by side. The casts are
 * the registry's one promise: a stream of this kind only holds this decider's events and states.
 */
const replayer = <Event extends DomainEvent, State>(
  decider: { initialState(): State; evolve(state: State, event: Event): State },
  moment?: (state: State, events: readonly DomainEvent[]) => Moment,
): Replayer => ({
  initialState: () => decider.initialState(),
  evolve: (state, event) => decider.evolve(state as State, event as Event),
  moment: (state, events) => moment?.(state as State, events) ?? null,
});

export interface StreamKind {
  /** What auditors type and see: `recording`, `chat-session`, ... */
  readonly kind: string;
  /** The stream name is this prefix followed by the id. */
  readonly prefix: string;
  /** The decider whose `evolve` builds the stream's state; null for streams no decider folds (the audit log). */
  readonly decider: Replayer | null;
}

/**
 * Every kind of stream and the decider that owns it: the one map the auditor's time travel folds with.
 * Longer prefixes first, so `user-email-…` is never taken for a `user-…` stream.
 */
export const STREAM_KINDS: readonly StreamKind[] = [
  { kind: 'user-email', prefix: 'user-email-', decider: replayer(emailClaimDecider) },
  { kind: 'user-invitation', prefix: 'user-invitation-', decider: replayer(invitationDecider) },
  { kind: 'user', prefix: 'user-', decider: replayer(userAccountDecider) },
  { kind: 'email-verification', prefix: 'email-verification-', decider: replayer(emailVerificationDecider) },
  { kind: 'admin-email', prefix: 'admin-email-', decider: replayer(emailClaimDecider) },
  { kind: 'admin', prefix: 'admin-', decider: replayer(adminAccountDecider) },
  { kind: 'auditor-email', prefix: 'auditor-email-', decider: replayer(emailClaimDecider) },
  { kind: 'auditor', prefix: 'auditor-', decider: replayer(auditorAccountDecider) },
  { kind: 'audit-log', prefix: 'audit-log-', decider: null },
  { kind: 'recording', prefix: 'recording-', decider: replayer(recordingDecider, recordingMoment) },
  { kind: 'usage', prefix: 'usage-', decider: replayer(usageDecider) },
  { kind: 'job', prefix: 'job-', decider: replayer(jobDecider) },
  {
    kind: 'chat-session',
    prefix: 'chat-session-',
    decider: replayer(chatSessionDecider, (state, events) =>
      chatMoment(events, state.started ? state.status : 'not started'),
    ),
  },
  { kind: 'chat-site', prefix: 'chat-site-', decider: replayer(chatSiteDecider) },
  { kind: 'chat-presence', prefix: 'chat-presence-', decider: replayer(adminPresenceDecider) },
  { kind: 'library', prefix: 'library-', decider: replayer(libraryDecider) },
  { kind: 'live', prefix: 'live-', decider: replayer(liveSessionDecider) },
  { kind: 'translation', prefix: 'translation-', decider: replayer(translationDecider) },
  { kind: 'summary-settings', prefix: 'summary-settings-', decider: replayer(summarySettingsDecider) },
  { kind: 'summary', prefix: 'summary-', decider: replayer(summaryDecider) },
  { kind: 'share-link', prefix: 'share-link-', decider: replayer(shareLinkDecider) },
  { kind: 'api-key', prefix: 'api-key-', decider: replayer(apiKeyDecider) },
  { kind: 'webhook-delivery', prefix: 'webhook-delivery-', decider: replayer(webhookDeliveryDecider) },
  { kind: 'webhooks', prefix: 'webhooks-', decider: replayer(webhooksDecider) },
  { kind: 'data-export', prefix: 'data-export-', decider: replayer(dataExportDecider) },
];

export const STREAM_KIND_NAMES: readonly string[] = STREAM_KINDS.map((k) => k.kind);

/** The kind of a stream by its name, or null for a name no capability writes. */
export const streamKindOf = (streamId: string): StreamKind | null => {
  const matching = STREAM_KINDS.filter(
    (k) => streamId.startsWith(k.prefix) && streamId.length > k.prefix.length,
  );
  // `audit-log-…` also starts with… nothing else, but `user-email-x` matches `user-` too: the longest prefix wins.
  return matching.sort((a, b) => b.prefix.length - a.prefix.length)[0] ?? null;
};

export const streamIdOf = (kind: string, id: string): string | null => {
  const found = STREAM_KINDS.find((k) => k.kind === kind);
  return found ? `${found.prefix}${id}` : null;
};
