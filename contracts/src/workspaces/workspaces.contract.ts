import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { ErrorBody } from '../common/errors';
import {
  FileRecordingsBody,
  Label,
  LabelName,
  Library,
  TagRecordingsBody,
} from '../library/library.contract';
import { Vocabulary } from '../vocabulary/vocabulary.contract';
import { RememberedVoice, RememberVoiceBody, VoiceList, VoiceName } from '../voices/voices.contract';

const c = initContract();

/**
 * Workspaces that people share (issue 43). A user creates one and owns it; the owner and admins invite people by
 * email address; the invitee, signed in with that verified address, finds the invitation in
 * `GET /api/workspaces/invitations` and accepts it. Roles: `owner` (one; renames, deletes, hands over), `admin`
 * (manages members and viewers), `member` (uploads, edits, comments), `viewer` (reads, plays, exports).
 * Someone who is not a member gets 404 for the workspace, as for one that does not exist; a member whose role is
 * too low gets 403. The role is looked up on every request, so a removal ends access at once (API keys too).
 */
export const WorkspaceRole = z.enum(['owner', 'admin', 'member', 'viewer']);
export type WorkspaceRole = z.infer<typeof WorkspaceRole>;
/** What an invitation or a change of role can give: the one owner changes only by handing over. */
export const GivenWorkspaceRole = z.enum(['admin', 'member', 'viewer']);
export type GivenWorkspaceRole = z.infer<typeof GivenWorkspaceRole>;

export const WorkspaceSummary = z.object({ id: z.string(), name: z.string(), role: WorkspaceRole });
export type WorkspaceSummary = z.infer<typeof WorkspaceSummary>;

export const WorkspaceMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: WorkspaceRole,
  joinedAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMember>;

export const WorkspaceInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: GivenWorkspaceRole,
  invitedAt: z.string(),
});
export type WorkspaceInvitation = z.infer<typeof WorkspaceInvitation>;

/**
 * How long the workspace keeps its recordings after upload: after `days`, `media` removes the audio and video (the
 * transcript stays), `recording` moves the whole recording to the bin, from which it is erased after the usual
 * restore period. Each recording shows its date, with a warning in its last 7 days.
 */
export const RetentionPolicy = z.object({
  days: z.number().int().min(1).max(3650),
  scope: z.enum(['media', 'recording']),
});
export type RetentionPolicy = z.infer<typeof RetentionPolicy>;

/** The members page: pending invitations only for those who manage members (owner, admins), else empty. */
export const WorkspaceDetail = WorkspaceSummary.extend({
  members: z.array(WorkspaceMember),
  invitations: z.array(WorkspaceInvitation),
  /** Null: recordings are kept until someone deletes them. */
  retention: RetentionPolicy.nullable(),
});
export type WorkspaceDetail = z.infer<typeof WorkspaceDetail>;

/** An invitation waiting for the caller, matched on their verified address. */
export const InvitationForMe = z.object({
  id: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  role: GivenWorkspaceRole,
  invitedAt: z.string(),
});
export type InvitationForMe = z.infer<typeof InvitationForMe>;

/** The domain tidies and checks the name (1 to 80 characters once spaces are collapsed). */
const Name = z.string().max(200);
const Id = z.string().min(1).max(100);
const IdParams = z.object({ workspaceId: Id });
const MemberParams = z.object({ workspaceId: Id, userId: Id });
const InvitationParams = z.object({ workspaceId: Id, invitationId: Id });
const VoiceParams = z.object({ workspaceId: Id, voiceId: Id });
const FolderParams = z.object({ workspaceId: Id, folderId: Id });
const TagParams = z.object({ workspaceId: Id, tagId: Id });
const mine = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** A workspace as the operators' console lists it: who owns it and how many belong to it, never its recordings. */
export const AdminWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerEmail: z.string(),
  members: z.number().int(),
  createdAt: z.string(),
});
export type AdminWorkspace = z.infer<typeof AdminWorkspace>;

export const workspacesContract = c.router({
  create: {
    method: 'POST',
    path: '/api/workspaces',
    body: z.object({ name: Name }),
    responses: { 201: z.object({ id: z.string(), name: z.string() }), 400: ErrorBody, 401: ErrorBody },
    summary: 'Create a workspace; the caller is its owner',
  },
  list: {
    method: 'GET',
    path: '/api/workspaces',
    responses: { 200: z.object({ workspaces: z.array(WorkspaceSummary) }), 401: ErrorBody },
    summary: 'The workspaces the caller belongs to, with their role in each',
  },
  myInvitations: {
    method: 'GET',
    path: '/api/workspaces/invitations',
    responses: { 200: z.object({ invitations: z.array(InvitationForMe) }), 401: ErrorBody },
    summary: "Invitations waiting for the caller's verified address",
  },
  accept: {
    method: 'POST',
    path: '/api/workspaces/invitations/:invitationId/accept',
    pathParams: z.object({ invitationId: Id }),
    body: c.noBody(),
    responses: { 200: WorkspaceSummary, 409: ErrorBody, ...mine },
    summary: 'Join the workspace an invitation to the caller’s verified address is for',
  },
  get: {
    method: 'GET',
    path: '/api/workspaces/:workspaceId',
    pathParams: IdParams,
    responses: { 200: WorkspaceDetail, ...mine },
    summary: 'A workspace with its members (and, for its owner and admins, pending invitations)',
  },
  rename: {
    method: 'PATCH',
    path: '/api/workspaces/:workspaceId',
    pathParams: IdParams,
    body: z.object({ name: Name }),
    responses: { 200: WorkspaceSummary, ...mine },
    summary: 'Rename a workspace (owner)',
  },
  delete: {
    method: 'DELETE',
    path: '/api/workspaces/:workspaceId',
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...mine },
    summary: 'Delete a workspace (owner); its members lose access at once',
  },
  invite: {
    method: 'POST',
    path: '/api/workspaces/:workspaceId/invitations',
    pathParams: IdParams,
    body: z.object({ email: z.string().trim().email().max(254), role: GivenWorkspaceRole }),
    responses: { 201: z.object({ id: z.string() }), 409: ErrorBody, ...mine },
    summary: 'Invite an email address with a role (owner and admins; only the owner invites admins)',
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/api/workspaces/:workspaceId/invitations/:invitationId',
    pathParams: InvitationParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...mine },
    summary: 'Take back a pending invitation (owner and admins)',
  },
  changeRole: {
    method: 'PATCH',
    path: '/api/workspaces/:workspaceId/members/:userId',
    pathParams: MemberParams,
    body: z.object({ role: GivenWorkspaceRole }),
    responses: { 200: WorkspaceDetail, ...mine },
    summary: "Change a member's role (owner and admins, within what they may give)",
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/workspaces/:workspaceId/members/:userId',
    pathParams: MemberParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...mine },
    summary: 'Remove a member (owner and admins), or leave (your own user id); their recordings stay theirs',
  },
  leave: {
    method: 'POST',
    path: '/api/workspaces/:workspaceId/leave',
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...mine },
    summary: 'Leave a workspace (the owner hands it over first)',
  },
  transfer: {
    method: 'POST',
    path: '/api/workspaces/:workspaceId/transfer',
    pathParams: IdParams,
    body: z.object({ userId: Id }),
    responses: { 200: WorkspaceDetail, ...mine },
    summary: 'Hand the workspace over to a member (owner); the old owner stays as an admin',
  },
  setRetention: {
    method: 'PUT',
    path: '/api/workspaces/:workspaceId/retention',
    pathParams: IdParams,
    body: z.object({ policy: RetentionPolicy.nullable() }),
    responses: { 200: WorkspaceDetail, ...mine },
    summary:
      'Set how long recordings are kept after upload (owner and admins), or turn it off with null; applied by a timer',
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/workspaces',
    responses: {
      200: z.object({ workspaces: z.array(AdminWorkspace) }),
      401: ErrorBody,
      403: ErrorBody,
    },
    summary: 'Every workspace, newest first, with its owner and its number of members (operators)',
  },
  vocabulary: {
    method: 'GET',
    path: '/api/workspaces/:workspaceId/vocabulary',
    pathParams: IdParams,
    responses: { 200: Vocabulary, ...mine },
    summary:
      "The workspace's glossary of names and terms, used for every recording uploaded into it (members)",
  },
  setVocabulary: {
    method: 'PUT',
    path: '/api/workspaces/:workspaceId/vocabulary',
    pathParams: IdParams,
    body: Vocabulary,
    responses: { 200: Vocabulary, ...mine },
    summary:
      "Replace the workspace's glossary (members and up; viewers 403): the whole list, as for an account's",
  },
  voices: {
    method: 'GET',
    path: '/api/workspaces/:workspaceId/voices',
    pathParams: IdParams,
    responses: { 200: VoiceList, ...mine },
    summary:
      "The workspace's remembered voices, oldest first, used to name the speakers of every recording in it (members)",
  },
  rememberVoice: {
    method: 'POST',
    path: '/api/workspaces/:workspaceId/voices',
    pathParams: IdParams,
    body: RememberVoiceBody,
    responses: { 201: RememberedVoice, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody, ...mine },
    summary:
      "Remember a speaker's voice for the whole workspace, from a recording in it or one of the caller's own " +
      '(members and up; viewers 403; 422 a speaker not in its transcript or with under 3 s of speech)',
  },
  renameVoice: {
    method: 'PATCH',
    path: '/api/workspaces/:workspaceId/voices/:voiceId',
    pathParams: VoiceParams,
    body: VoiceName,
    responses: { 200: RememberedVoice, 409: ErrorBody, ...mine },
    summary: "Rename one of the workspace's voices (members and up)",
  },
  forgetVoice: {
    method: 'DELETE',
    path: '/api/workspaces/:workspaceId/voices/:voiceId',
    pathParams: VoiceParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...mine },
    summary: "Forget one of the workspace's voices and delete its voice print (members and up)",
  },
  // The workspace's own folders and tags (its library), shaped as a person's (`/api/library`): members see them
  // and filter its list by them (`GET /api/recordings?workspaceId=&folder=&tag=`), members and up change them.
  library: {
    method: 'GET',
    path: '/api/workspaces/:workspaceId/library',
    pathParams: IdParams,
    responses: { 200: Library, ...mine },
    summary: "The workspace's folders and tags, by name (members; `defaultFolderId` is always null)",
  },
  createFolder: {
    method: 'POST',
    path: '/api/workspaces/:workspaceId/library/folders',
    pathParams: IdParams,
    body: LabelName,
    responses: { 201: Label, 409: ErrorBody, ...mine },
    summary: 'Create a folder of the workspace (members and up; names are unique, whatever the case)',
  },
  renameFolder: {
    method: 'PATCH',
    path: '/api/workspaces/:workspaceId/library/folders/:folderId',
    pathParams: FolderParams,
    body: LabelName,
    responses: { 200: Label, 409: ErrorBody, ...mine },
    summary: "Rename one of the workspace's folders (members and up)",
  },
  deleteFolder: {
    method: 'DELETE',
    path: '/api/workspaces/:workspaceId/library/folders/:folderId',
    pathParams: FolderParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...mine },
    summary: "Delete one of the workspace's folders; its recordings stay, without a folder (members and up)",
  },
  createTag: {
    method: 'POST',
    path: '/api/workspaces/:workspaceId/library/tags',
    pathParams: IdParams,
    body: LabelName,
    responses: { 201: Label, 409: ErrorBody, ...mine },
    summary: 'Create a tag of the workspace (members and up)',
  },
  renameTag: {
    method: 'PATCH',
    path: '/api/workspaces/:workspaceId/library/tags/:tagId',
    pathParams: TagParams,
    body: LabelName,
    responses: { 200: Label, 409: ErrorBody, ...mine },
    summary: "Rename one of the workspace's tags (members and up)",
  },
  deleteTag: {
    method: 'DELETE',
    path: '/api/workspaces/:workspaceId/library/tags/:tagId',
    pathParams: TagParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...mine },
    summary: "Delete one of the workspace's tags; it comes off every recording (members and up)",
  },
  fileRecordings: {
    method: 'POST',
    path: '/api/workspaces/:workspaceId/library/move',
    pathParams: IdParams,
    body: FileRecordingsBody,
    responses: { 204: c.noBody(), ...mine },
    summary:
      'Put recordings of the workspace into one of its folders (null: out of any; members and up; a recording not in the workspace is a 404)',
  },
  tagRecordings: {
    method: 'POST',
    path: '/api/workspaces/:workspaceId/library/tag',
    pathParams: IdParams,
    body: TagRecordingsBody,
    responses: { 204: c.noBody(), ...mine },
    summary: "Add the workspace's tags to and remove them from recordings of the workspace (members and up)",
  },
});
