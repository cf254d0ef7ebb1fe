import { useQuery } from '@tanstack/react-query';
import { authApi } from '../lib/api/auth';

type NoticeLang = 'en' | 'es' | 'fr';

/**
 * What a visitor reads when this server does not take sign-ups from anyone (SCRIVO_SIGNUPS), in the languages of
 * the landing pages.
 */
const SIGNUP_POLICY_TEXT: Record<NoticeLang, Record<'invite' | 'closed', string>> = {
  en: {
    invite:
      'Sign-ups on this server are by invitation only. If an administrator invited your email address, sign up with it below; otherwise please ask them for an invitation.',
    closed:
      'Sign-ups are closed on this server: only its administrators create accounts. If you have an account, sign in.',
  },
  es: {
    invite:
      'En este servidor solo es posible registrarse con invitación. Si un administrador invitó tu dirección de correo, regístrate con ella; si no, pídele una invitación.',
    closed:
      'Los registros están cerrados en este servidor: solo sus administradores crean cuentas. Si ya tienes una cuenta, inicia sesión.',
  },
  fr: {
    invite:
      "Sur ce serveur, l'inscription se fait uniquement sur invitation. Si un administrateur a invité votre adresse e-mail, inscrivez-vous avec celle-ci ; sinon, demandez-lui une invitation.",
    closed:
      'Les inscriptions sont fermées sur ce serveur : seuls ses administrateurs créent des comptes. Si vous avez un compte, connectez-vous.',
  },
};

/** Shares the auth page's query, so the policy is fetched once for both. */
export const useAuthProviders = () =>
  useQuery({ queryKey: ['auth-providers'], queryFn: authApi.providers, staleTime: 60_000 });

/** Says plainly, on the landing and auth pages, when sign-ups are not open; renders nothing when they are. */
export function SignupPolicyNotice({
  className = '',
  lang = 'en',
}: {
  className?: string;
  lang?: NoticeLang;
}) {
  const providers = useAuthProviders();
  const policy = providers.data?.signups;
  if (!policy || policy === 'open') return null;
  return (
    <p
      role="note"
      data-testid="signup-policy"
      className={`rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ${className}`}
    >
      {SIGNUP_POLICY_TEXT[lang][policy]}
    </p>
  );
}
