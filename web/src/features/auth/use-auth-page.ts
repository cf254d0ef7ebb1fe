import type { RegisterBody, User } from '@scrivo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { authApi, browserLanguage } from '../../lib/api/auth';
import { currentUserQueryKey, useCurrentUser } from '../../lib/api/current-user';
import { errorCode, isNetworkError, serverMessage } from '../../lib/errors';
import { type AuthSearch, type AuthView, GOOGLE_ERRORS, initialView } from './auth-state';
import { registrationPayload, safeRedirect, type SignUpValues } from './validation';

/** After sign-in and registration the app moves on after 100 ms (spec section 9), once the toast is up. */
const REDIRECT_DELAY_MS = 100;

export interface AuthPageProps {
  readonly path: 'signin' | 'signup' | 'auth' | 'forgot' | 'reset';
  readonly search: AuthSearch;
}

/**
 * The auth page's state and calls: which view shows, the details that travel between views (the sign-up waiting
 * for its verification, the email to sign in with, the reset link's account) and one mutation per step, each with
 * its toasts and where it leads. The view (`auth-page.tsx`) only renders what this returns.
 */
export function useAuthPage({ path, search }: AuthPageProps) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const stateView = useRouterState({ select: (s) => s.location.state.authView });
  const stateEmail = useRouterState({ select: (s) => s.location.state.authEmail });
  const [view, setView] = useState<AuthView>(() => stateView ?? initialView(path, search));
  // The sign-up details wait here while the email is verified; null when verification came from sign-in.
  const [pendingSignUp, setPendingSignUp] = useState<SignUpValues | null>(null);
  const [signInCredentials, setSignInCredentials] = useState<{ email: string; password: string } | null>(
    null,
  );
  const [verifyEmail, setVerifyEmail] = useState('');
  const [signInEmail, setSignInEmail] = useState(stateEmail ?? search.email ?? '');
  const [resetEmail, setResetEmail] = useState<string>();
  const leaving = useRef(false);
  const providers = useQuery({ queryKey: ['auth-providers'], queryFn: authApi.providers, staleTime: 60_000 });
  const token = search.token ?? search.reset;

  const goAfter = (target: string) => {
    leaving.current = true;
    setTimeout(() => router.history.push(target), REDIRECT_DELAY_MS);
  };
  // /auth is another route, so the page mounts again: the view and email travel in history state.
  const resetUrlTo = (next: AuthView, email?: string) => {
    setView(next);
    void navigate({ to: '/auth', replace: true, state: (s) => ({ ...s, authView: next, authEmail: email }) });
  };

  // A signed-in user has nothing to do here (spec section 2).
  useEffect(() => {
    if (user.data && !leaving.current) {
      leaving.current = true;
      router.history.replace(safeRedirect(search.redirect) ?? '/dashboard');
    }
  }, [user.data, router, search.redirect]);

  useEffect(() => {
    if (user.isError)
      toast({ title: 'Failed to get user', description: serverMessage(user.error, 'An error occurred') });
  }, [user.isError, user.error, toast]);

  useEffect(() => {
    const message = search.error ? GOOGLE_ERRORS[search.error] : undefined;
    if (message) toast({ title: 'Google Sign-In', description: message, variant: 'neutral' });
  }, [search.error, toast]);

  // The set-new-password view checks its token first.
  const validated = useRef<string | null>(null);
  useEffect(() => {
    if (view !== 'reset' || !token || validated.current === token) return;
    validated.current = token;
    authApi
      .validateResetToken(token)
      .then((answer) => setResetEmail(answer.email))
      .catch((error: unknown) => {
        if (isNetworkError(error)) {
          toast({ title: 'Error', description: 'Failed to validate reset link' });
        } else {
          toast({
            title: 'Invalid Reset Link',
            description: serverMessage(error, 'This reset link is invalid or has expired'),
          });
        }
        resetUrlTo('forgot');
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per token
  }, [view, token]);

  const setUser = (signedIn: User) => queryClient.setQueryData(currentUserQueryKey, signedIn);

  const login = useMutation({
    mutationFn: (c: { email: string; password: string }) => authApi.login(c.email, c.password),
    onSuccess: (signedIn) => {
      setUser(signedIn);
      toast({ title: 'Success', description: 'Welcome back!', variant: 'neutral' });
      goAfter(safeRedirect(search.redirect) ?? '/dashboard');
    },
    onError: (error, credentials) => {
      if (errorCode(error) === 'EMAIL_NOT_VERIFIED') {
        setPendingSignUp(null);
        setSignInCredentials(credentials);
        setVerifyEmail(credentials.email);
        setView('verify');
        toast({
          title: 'Email Verification Required',
          description: 'A new verification code has been sent to your email.',
          variant: 'neutral',
        });
        return;
      }
      toast({ title: 'Login Failed', description: serverMessage(error, 'Login failed') });
    },
  });

  const startSignUp = useMutation({
    mutationFn: async (values: SignUpValues) => {
      const { exists } = await authApi.checkUserExists(values.email.trim());
      if (exists) return 'exists' as const;
      await authApi.sendVerification(values.email.trim(), browserLanguage());
      return 'sent' as const;
    },
    onSuccess: (outcome, values) => {
      if (outcome === 'exists') {
        setSignInEmail(values.email.trim());
        setView('signin');
        toast({
          title: 'Account Already Exists',
          description: 'An account with this email already exists. Please sign in instead.',
          variant: 'neutral',
        });
        return;
      }
      setPendingSignUp(values);
      setSignInCredentials(null);
      setVerifyEmail(values.email.trim());
      setView('verify');
      toast({
        title: 'Verification Code Sent',
        description: 'Please check your email for the verification code',
        variant: 'neutral',
      });
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'Failed to send verification code') }),
  });

  const register = useMutation({
    mutationFn: (body: RegisterBody) => authApi.register(body),
    onSuccess: (answer) => {
      setUser(answer.user);
      toast({ title: 'Success', description: 'Account created successfully!', variant: 'neutral' });
      goAfter(answer.redirectTo || '/plan-selection');
    },
    onError: (error) =>
      toast({ title: 'Registration failed', description: serverMessage(error, 'An error occurred') }),
  });

  const verify = useMutation({
    mutationFn: (code: string) => authApi.verifyEmailCode(verifyEmail, code),
    onSuccess: () => {
      if (pendingSignUp) register.mutate(registrationPayload(pendingSignUp, browserLanguage()));
      else if (signInCredentials) login.mutate(signInCredentials);
      else {
        setSignInEmail(verifyEmail);
        setView('signin');
      }
    },
    onError: (error) =>
      toast({ title: 'Verification Failed', description: serverMessage(error, 'Registration failed') }),
  });

  const resend = useMutation({
    mutationFn: () => authApi.resendVerification(verifyEmail, browserLanguage()),
    onSuccess: () =>
      toast({
        title: 'Code Resent',
        description: 'New verification code sent to your email',
        variant: 'neutral',
      }),
    onError: (error) =>
      toast({ title: 'Failed to resend code', description: serverMessage(error, 'Failed to resend code') }),
  });

  const requestReset = useMutation({
    mutationFn: (email: string) => authApi.requestPasswordReset(email, browserLanguage()),
    onSuccess: (answer) =>
      toast({ title: 'Reset Link Sent', description: answer.message, variant: 'neutral' }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: isNetworkError(error)
          ? 'Network error occurred'
          : serverMessage(error, 'Failed to send reset email'),
      }),
  });

  const resetPassword = useMutation({
    mutationFn: (newPassword: string) => authApi.resetPassword(token ?? '', newPassword),
    onSuccess: () => {
      toast({
        title: 'Password Reset Successful',
        description: 'Your password has been updated. You can now sign in.',
        variant: 'neutral',
      });
      if (resetEmail) setSignInEmail(resetEmail);
      resetUrlTo('signin', resetEmail);
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'Failed to reset password') }),
  });

  const googleUnavailable = () =>
    toast({ title: 'Google Sign-In', description: GOOGLE_ERRORS.google_not_configured, variant: 'neutral' });

  return {
    user,
    providers,
    view,
    setView,
    resetUrlTo,
    pendingSignUp,
    signInEmail,
    verifyEmail,
    resetEmail,
    login,
    startSignUp,
    register,
    verify,
    resend,
    requestReset,
    resetPassword,
    googleUnavailable,
  };
}
