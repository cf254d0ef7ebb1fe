import type { MailMessage } from '../../accounts/ports';
import { type EmailParts, renderHtml, renderText } from '../../accounts/emails/layout';
import type { Workflow } from '../../kernel/workflow';
import type { GivenRole, WorkspaceEvent, WorkspaceMemberInvited } from '../events';
import { workspaceDecider, type WorkspaceState } from '../workspace.decider';

/** Tell an invited address that it may join the workspace, and how (sign in or up with it, then accept). */
export interface SendWorkspaceInvitationEmail {
  readonly type: 'SendWorkspaceInvitationEmail';
  readonly invitationId: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly workspaceName: string;
  readonly role: GivenRole;
}

/**
 * The invitation's email, sent after the invitation is recorded (at least once: a crash between the two sends it
 * again). Its state is the workspace's own as it stands when the email goes, so an invitation already revoked or
 * accepted, or a workspace deleted meanwhile, sends nothing, and the name is the workspace's current one.
 */
export const invitationEmailsWorkflow: Workflow<
  WorkspaceMemberInvited,
  WorkspaceState,
  SendWorkspaceInvitationEmail,
  WorkspaceEvent
> = {
  name: 'workspace-invitation-emails',
  inputs: ['WorkspaceMemberInvited'],
  initialState: workspaceDecider.initialState,
  evolve: workspaceDecider.evolve,
  decide: ({ data: { invitationId, workspaceId, email, role } }, state) =>
    state.deleted || !state.invitations[invitationId]
      ? []
      : [
          {
            type: 'SendWorkspaceInvitationEmail',
            invitationId,
            workspaceId,
            email,
            workspaceName: state.name,
            role,
          },
        ],
};

const ROLE_WORDS: Readonly<Record<GivenRole, string>> = {
  admin: 'an admin (you will manage its members, and upload and edit its recordings)',
  member: 'a member (you will upload, edit and comment on its recordings)',
  viewer: 'a viewer (you will read, play and export its recordings)',
};

/**
 * The email (English for now: the address may have no account yet, so no language is known for it). The link
 * opens the sign-in page; signed in with this address, the invitation waits under the account's workspaces.
 */
export const workspaceInvitationEmail = (
  send: SendWorkspaceInvitationEmail,
  signInUrl: string,
): MailMessage => {
  const intro = `You are invited to join the workspace “${send.workspaceName}” on Scrivo as ${ROLE_WORDS[send.role]}.`;
  const how = `Sign in, or create an account, with this address (${send.email}), then accept the invitation.`;
  const parts: EmailParts = {
    preheader: intro,
    heading: `Join “${send.workspaceName}” on Scrivo`,
    paragraphs: [intro, how],
    highlight: { kind: 'button', label: 'Sign in to accept', url: signInUrl },
    footer: 'If you did not expect this invitation, ignore this email: nothing happens unless you accept it.',
  };
  return {
    to: send.email,
    subject: `You are invited to “${send.workspaceName}” on Scrivo`,
    text: renderText(parts),
    html: renderHtml(parts, 'en'),
    tag: 'workspace-invitation',
  };
};
