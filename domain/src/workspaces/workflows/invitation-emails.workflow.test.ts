import { describe, expect, it } from 'vitest';
import { WorkflowSpecification } from '../../testing';
import type { WorkspaceEvent, WorkspaceMemberInvited } from '../events';
import { invitationEmailsWorkflow, workspaceInvitationEmail } from './invitation-emails.workflow';

const spec = WorkflowSpecification.for(invitationEmailsWorkflow);
const at = '2026-12-05T10:00:00.000Z';
const created: WorkspaceEvent = {
  type: 'WorkspaceCreated',
  data: { workspaceId: 'w1', name: 'Payments team', ownerId: 'ann', at },
};
const invited: WorkspaceMemberInvited = {
  type: 'WorkspaceMemberInvited',
  data: {
    workspaceId: 'w1',
    invitationId: 'i1',
    email: 'fay@example.com',
    addressKey: 'key of fay@example.com',
    role: 'viewer',
    by: 'ann',
    at,
  },
};
const email = {
  type: 'SendWorkspaceInvitationEmail',
  invitationId: 'i1',
  workspaceId: 'w1',
  email: 'fay@example.com',
  workspaceName: 'Payments team',
  role: 'viewer',
  invitedBy: 'ann',
} as const;

describe('invitation emails: an invited address is told how to join', () => {
  it('emails the invited address with the workspace’s name and the role it gives', () =>
    spec.given([created]).when(invited).then([email]));

  it('sends nothing once the workspace is deleted (its state is read as the email goes, later events included)', () => {
    const deleted: WorkspaceEvent = { type: 'WorkspaceDeleted', data: { workspaceId: 'w1', by: 'ann', at } };
    spec.given([created, deleted]).when(invited).then([]);
  });

  it('says what the role allows and links to the sign-in page', () => {
    const message = workspaceInvitationEmail(email, 'https://scrivo.example.com/auth');
    expect(message).toMatchObject({ to: 'fay@example.com', tag: 'workspace-invitation' });
    expect(message.subject).toBe('You are invited to “Payments team” on Scrivo');
    expect(message.text).toContain('as a viewer (you will read, play and export its recordings)');
    expect(message.text).toContain('https://scrivo.example.com/auth');
  });

  it('is written in the language it is given, the page’s language attribute too', () => {
    const fr = workspaceInvitationEmail(email, 'https://scrivo.example.com/auth', 'fr');
    expect(fr.subject).toBe('Vous êtes invité à « Payments team » sur Scrivo');
    expect(fr.text).toContain(
      'en tant que lecteur (vous lirez, écouterez et exporterez ses enregistrements)',
    );
    expect(fr.html).toContain('lang="fr"');
    const es = workspaceInvitationEmail({ ...email, role: 'admin' }, 'https://scrivo.example.com/auth', 'es');
    expect(es.subject).toBe('Te invitan a «Payments team» en Scrivo');
    expect(es.text).toContain('como administrador');
    expect(es.text).toContain('(fay@example.com)');
  });
});
