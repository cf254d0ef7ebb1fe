import type { Language } from '../../accounts/events';
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
  /** Who invited: their language is the email's when the address has no account yet. */
  readonly invitedBy: string;
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
  decide: ({ data: { invitationId, workspaceId, email, role, by } }, state) =>
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
            invitedBy: by,
          },
        ],
};

interface InvitationCopy {
  readonly role: Readonly<Record<GivenRole, string>>;
  readonly intro: string;
  readonly how: string;
  readonly heading: string;
  readonly button: string;
  readonly footer: string;
  readonly subject: string;
}

/** `{workspace}`, `{role}` and `{email}` are filled in. */
const COPY: Readonly<Record<Language, InvitationCopy>> = {
  en: {
    role: {
      admin: 'an admin (you will manage its members, and upload and edit its recordings)',
      member: 'a member (you will upload, edit and comment on its recordings)',
      viewer: 'a viewer (you will read, play and export its recordings)',
    },
    intro: 'You are invited to join the workspace “{workspace}” on Scrivo as {role}.',
    how: 'Sign in, or create an account, with this address ({email}), then accept the invitation.',
    heading: 'Join “{workspace}” on Scrivo',
    button: 'Sign in to accept',
    footer: 'If you did not expect this invitation, ignore this email: nothing happens unless you accept it.',
    subject: 'You are invited to “{workspace}” on Scrivo',
  },
  es: {
    role: {
      admin: 'administrador (gestionarás sus miembros y subirás y editarás sus grabaciones)',
      member: 'miembro (subirás, editarás y comentarás sus grabaciones)',
      viewer: 'lector (leerás, reproducirás y exportarás sus grabaciones)',
    },
    intro: 'Te invitan a unirte al espacio de trabajo «{workspace}» en Scrivo como {role}.',
    how: 'Inicia sesión, o crea una cuenta, con esta dirección ({email}) y acepta la invitación.',
    heading: 'Únete a «{workspace}» en Scrivo',
    button: 'Iniciar sesión para aceptar',
    footer: 'Si no esperabas esta invitación, ignora este correo: no pasa nada si no la aceptas.',
    subject: 'Te invitan a «{workspace}» en Scrivo',
  },
  fr: {
    role: {
      admin: 'administrateur (vous gérerez ses membres, et déposerez et modifierez ses enregistrements)',
      member: 'membre (vous déposerez, modifierez et commenterez ses enregistrements)',
      viewer: 'lecteur (vous lirez, écouterez et exporterez ses enregistrements)',
    },
    intro: 'Vous êtes invité à rejoindre l’espace de travail « {workspace} » sur Scrivo en tant que {role}.',
    how: 'Connectez-vous, ou créez un compte, avec cette adresse ({email}), puis acceptez l’invitation.',
    heading: 'Rejoignez « {workspace} » sur Scrivo',
    button: 'Se connecter pour accepter',
    footer:
      'Si vous n’attendiez pas cette invitation, ignorez cet e-mail : rien ne se passe sans votre accord.',
    subject: 'Vous êtes invité à « {workspace} » sur Scrivo',
  },
};

/**
 * The email, in `lang`: the language of the account the address belongs to, else (no account yet) the inviter's
 * (the API's reactor chooses). The link opens the sign-in page; signed in with this address, the invitation waits
 * under the account's workspaces.
 */
export const workspaceInvitationEmail = (
  send: SendWorkspaceInvitationEmail,
  signInUrl: string,
  lang: Language = 'en',
): MailMessage => {
  const c = COPY[lang];
  const fill = (text: string) =>
    text
      .replace('{workspace}', send.workspaceName)
      .replace('{role}', c.role[send.role])
      .replace('{email}', send.email);
  const intro = fill(c.intro);
  const parts: EmailParts = {
    preheader: intro,
    heading: fill(c.heading),
    paragraphs: [intro, fill(c.how)],
    highlight: { kind: 'button', label: c.button, url: signInUrl },
    footer: c.footer,
  };
  return {
    to: send.email,
    subject: fill(c.subject),
    text: renderText(parts),
    html: renderHtml(parts, lang),
    tag: 'workspace-invitation',
  };
};
