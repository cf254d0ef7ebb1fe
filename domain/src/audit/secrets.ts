import type {
  AdminEvent,
  AuditorEvent,
  EmailClaimEvent,
  EmailVerificationEvent,
  InvitationEvent,
  UserEvent,
} from '../accounts/events';
import type { ApiKeyEvent } from '../api-keys/events';
import type { ChatSessionEvent, ChatSiteEvent } from '../chat/events';
import type { JobEvent } from '../jobs/events';
import type { LibraryEvent } from '../library/events';
import type { LiveSessionEvent } from '../live/events';
import type { DataExportEvent, EmailStreamNamesMigrated } from '../privacy/events';
import type { RecordingEvent, UsageEvent } from '../recordings/events';
import { recordingSlices } from '../recordings/recording/slices';
import type { ShareLinkEvent } from '../share-links/events';
import type { SummaryEvent, SummarySettingsChanged } from '../summaries/events';
import type { TranslationEvent } from '../translations/events';
import type { WebhookDeliveryEvent, WebhookEvent } from '../webhooks/events';
import type { WorkspaceEvent } from '../workspaces/events';
import type { PersonalRetentionSet } from '../workspaces/personal-retention';
import type { AuditLogEvent } from './events';

/** Every event the domain declares (docs/events.md lists the same names). */
export type CatalogueEvent =
  | UserEvent
  | EmailVerificationEvent
  | EmailClaimEvent
  | InvitationEvent
  | AdminEvent
  | AuditorEvent
  | ApiKeyEvent
  | AuditLogEvent
  | ChatSessionEvent
  | ChatSiteEvent
  | JobEvent
  | LibraryEvent
  | LiveSessionEvent
  | DataExportEvent
  | EmailStreamNamesMigrated
  | RecordingEvent
  | UsageEvent
  | ShareLinkEvent
  | SummaryEvent
  | SummarySettingsChanged
  | TranslationEvent
  | WebhookEvent
  | WebhookDeliveryEvent
  | WorkspaceEvent
  | PersonalRetentionSet;

export type CatalogueEventType = CatalogueEvent['type'];
type DataOf<T extends CatalogueEventType> = Extract<CatalogueEvent, { type: T }>['data'];
type FieldOf<T extends CatalogueEventType> = Extract<keyof DataOf<T>, string>;

/**
 * The fields of each event that hold a secret: a key that signs (webhook, chat site), or a hash an attacker could
 * try passwords, codes or tokens against. The events keep them (the server needs them to verify and sign), but no
 * one reads them back: the audit views and exports show `[secret]` in their place. The mapped type makes every
 * event type answer, so a new event cannot be added without saying which of its fields are secret, and
 * `api/test/audit/secrets.test.ts` fails when a field whose name looks secret is not declared here.
 */
export const SECRET_FIELDS: { readonly [T in CatalogueEventType]: readonly FieldOf<T>[] } = {
  // accounts
  UserRegistered: ['passwordHash'],
  UserEmailVerified: [],
  UserSignedIn: [],
  UserSignInFailed: [],
  PasswordResetRequested: ['tokenHash'],
  PasswordChanged: ['passwordHash', 'tokenHash'],
  UnverifiedPasswordRemoved: [],
  UserProfileUpdated: [],
  UserPlanChanged: [],
  GoogleIdentityLinked: [],
  UserPlanSetByAdmin: [],
  UserMinutesGranted: [],
  UserSuspended: [],
  UserReactivated: [],
  UserSubscriptionChanged: [],
  UserSubscriptionPaymentFailed: [],
  AccountErasureRequested: [],
  AccountErased: [],
  VerificationCodeIssued: ['codeHash'],
  VerificationCodeRejected: [],
  EmailAddressVerified: [],
  EmailVerificationConsumed: [],
  EmailClaimed: [],
  EmailClaimReleased: [],
  UserInvited: [],
  UserInvitationRevoked: [],
  AdminCreated: ['passwordHash'],
  AdminPasswordChanged: ['passwordHash'],
  AdminSignedIn: [],
  AdminSignInFailed: [],
  AuditorCreated: ['passwordHash'],
  AuditorPasswordChanged: ['passwordHash'],
  AuditorSignedIn: [],
  AuditorSignInFailed: [],
  // api-keys
  ApiKeyCreated: ['keyHash'],
  ApiKeyRevoked: [],
  ApiKeyUsed: [],
  // audit
  AuditorReadStream: [],
  // chat
  ChatSessionStarted: [],
  ChatVisitorIdentified: [],
  ChatContextPageChanged: [],
  ChatMessagePosted: [],
  ChatEscalated: [],
  ChatAdminReplied: [],
  ChatResolved: [],
  ChatClosed: [],
  ChatReopened: [],
  ChatRated: [],
  ChatContactEmailLeft: [],
  ChatReadByAdmin: [],
  ChatSessionErased: [],
  ChatSiteRegistered: ['identitySecret'],
  ChatSiteOriginsChanged: [],
  ChatSiteSecretRotated: ['identitySecret'],
  // jobs
  JobRequested: [],
  JobClaimed: [],
  JobHeartbeat: [],
  JobProgressed: [],
  JobCompleted: [],
  JobFailed: [],
  JobCancelled: [],
  // library
  FolderCreated: [],
  FolderRenamed: [],
  FolderDeleted: [],
  TagCreated: [],
  TagRenamed: [],
  TagDeleted: [],
  DefaultFolderChanged: [],
  RecordingsFiled: [],
  RecordingsTagged: [],
  // live
  LiveSessionStarted: [],
  LiveAudioStored: [],
  LiveSessionPaused: [],
  LiveSessionResumed: [],
  LiveSessionStopped: [],
  LiveSessionFinalized: [],
  // privacy
  DataExportRequested: [],
  DataExportProgressed: [],
  DataExportCompleted: [],
  DataExportFailed: [],
  DataExportErased: [],
  DataExportExpired: [],
  EmailStreamNamesMigrated: [],
  // recordings
  RecordingCreated: [],
  RecordingUploadCompleted: [],
  RecordingUploadProgressed: [],
  RecordingProbed: [],
  RecordingRejected: [],
  UnreadableFileKept: [],
  TranscriptionRequested: [],
  TranscriptionStarted: [],
  TranscriptionProgressed: [],
  TranscriptionCompleted: [],
  TranscriptionSplit: [],
  TranscriptPieceTranscribed: [],
  TranscriptionFailed: [],
  TranscriptionCancelled: [],
  TranscriptEdited: [],
  TranscriptAnnotated: [],
  TranscriptAnnotationEdited: [],
  TranscriptAnnotationRemoved: [],
  RecordingRenamed: [],
  RecordingDeleted: [],
  RecordingRestored: [],
  RecordingMediaPurged: [],
  RecordingErased: [],
  // the recording's capabilities written as slices declare theirs (recordings/recording/slices.ts)
  ...recordingSlices.secrets,
  MinutesReserved: [],
  MinutesReleased: [],
  ExtraMinutesReserved: [],
  MinutesGranted: [],
  // share-links
  ShareLinkCreated: ['tokenHash', 'passwordHash'],
  ShareLinkRevoked: [],
  ShareLinkViewed: [],
  // summaries
  SummaryRequested: [],
  SummaryProgressed: [],
  SummaryDraftUpdated: [],
  SummaryWritten: [],
  SummaryFailed: [],
  SummaryCancelled: [],
  SummaryEdited: [],
  SummarySettingsChanged: [],
  // translations
  TranslationRequested: [],
  TranslationProgressed: [],
  TranslationCompleted: [],
  TranslationFailed: [],
  TranslationCancelled: [],
  // webhooks
  WebhookCreated: ['secret'],
  WebhookDeleted: [],
  WebhookDeliveryScheduled: [],
  WebhookDeliveryAttempted: [],
  // workspaces
  WorkspaceCreated: [],
  WorkspaceRenamed: [],
  WorkspaceMemberInvited: [],
  WorkspaceInvitationRevoked: [],
  WorkspaceMemberJoined: [],
  WorkspaceMemberRoleChanged: [],
  WorkspaceMemberRemoved: [],
  WorkspaceOwnershipTransferred: [],
  WorkspaceRetentionSet: [],
  WorkspaceDeleted: [],
  PersonalRetentionSet: [],
};

/** What an auditor sees instead of a secret's value: that one exists. A null (no password set) stays null. */
export const SECRET_SHOWN_AS = '[secret]';

/**
 * Field names that say "secret", "hash", "token", "password", "signature" or "credential". A string under such a
 * name is hidden wherever it is, as a second line behind the declarations: in an open bag (a job's payload), and
 * in the stored data of an event type the catalogue does not know (a name no capability writes any more).
 */
export const SECRET_LOOKING_NAME = /secret|hash|token|passw|signature|credential|private.?key/i;

const isCatalogueType = (type: string): type is CatalogueEventType => Object.hasOwn(SECRET_FIELDS, type);

/** A string under a secret-looking name is hidden; anything else is looked into. */
const hideByName = (name: string, value: unknown): unknown =>
  typeof value === 'string' && SECRET_LOOKING_NAME.test(name) ? SECRET_SHOWN_AS : hideInside(value);

const hideInside = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(hideInside);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hideByName(k, v)]));
};

/** An event's data as a reader outside the owner's own flow may see it: every secret field shown as `[secret]`. */
export const withoutSecrets = (type: string, data: unknown): unknown => {
  const declared: readonly string[] = isCatalogueType(type) ? SECRET_FIELDS[type] : [];
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return hideInside(data);
  return Object.fromEntries(
    Object.entries(data).map(([k, v]) => [
      k,
      declared.includes(k) && v !== null ? SECRET_SHOWN_AS : hideByName(k, v),
    ]),
  );
};
