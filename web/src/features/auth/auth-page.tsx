import type { RegisterBody, User } from '@scrivo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { currentUserQueryKey, useCurrentUser } from '../../lib/api/current-user';
import { authApi, browserLanguage } from '../../lib/api/auth';
import { type AuthSearch, type AuthView, GOOGLE_ERRORS, initialView } from './auth-state';
import { ForgotPasswordView } from './components/forgot-password-view';
import { GoogleButton } from './components/google-button';
import { ResetPasswordView } from './components/reset-password-view';
import { SignInForm } from './components/sign-in-form';
import { SignUpForm } from './components/sign-up-form';
import { VerificationView } from './components/verification-view';
import { errorCode, isNetworkError, serverMessage } from '../../lib/errors';
import { registrationPayload, safeRedirect, type SignUpValues } from './validation';
import { SignupPolicyNotice } from '../../components/signup-policy-notice';
import { Button } from '../../components/ui/button';

/** After sign-in and registration the app moves on after 100 ms (spec section 9), once the toast is up. */
const REDIRECT_DELAY_MS = 100;

interface AuthPageProps {
  readonly path: 'signin' | 'signup' | 'auth' | 'forgot' | 'reset';
  readonly search: AuthSearch;
}

/**
 * The auth page behind /signin, /signup, /auth, /forgot-password and /reset-password: Sign Up and Sign In tabs
 * plus the verification, forgot-password and set-new-password views (spec sections 2, 4 and 8).
 */
export function AuthPage({ path, search }: AuthPageProps) {
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

  if (user.isPending) return <Spinner />;

  const tabs = view === 'signin' || view === 'signup';
  const google = (
    <GoogleButton
      label={view === 'signup' ? 'Sign up with Google' : 'Sign in with Google'}
      available={providers.data?.google ?? true}
      onUnavailable={() =>
        toast({
          title: 'Google Sign-In',
          description: GOOGLE_ERRORS.google_not_configured,
          variant: 'neutral',
        })
      }
    />
  );

  return (
    <main className="flex min-h-screen flex-col items-center bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <div className="w-full max-w-md">
        <Link
          to="/"
          className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <span aria-hidden="true">←</span> Back to Home
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="mb-6 text-center text-2xl font-extrabold tracking-tight text-brand-600">Scrivo</p>
          {tabs && (
            <div
              role="tablist"
              aria-label="Account"
              className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1"
            >
              {(['signup', 'signin'] as const).map((tab) => (
                <Button
                  variant="unstyled"
                  key={tab}
                  role="tab"
                  aria-selected={view === tab}
                  onClick={() => setView(tab)}
                  className={`rounded-md px-3 py-2 text-sm font-semibold ${
                    view === tab ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
                  }`}
                >
                  {tab === 'signup' ? 'Sign Up' : 'Sign In'}
                </Button>
              ))}
            </div>
          )}
          {view === 'signup' && (
            <div role="tabpanel" className="space-y-5">
              <SignupPolicyNotice />
              <SignUpForm
                key={pendingSignUp ? 'returning' : 'new'}
                initialValues={pendingSignUp ?? (search.email ? { email: search.email } : undefined)}
                initialStep={pendingSignUp ? 6 : 1}
                pending={startSignUp.isPending}
                onSubmit={(values) => startSignUp.mutate(values)}
              />
              <Divider />
              {google}
            </div>
          )}
          {view === 'signin' && (
            <div role="tabpanel" className="space-y-5">
              <SignupPolicyNotice />
              <SignInForm
                key={signInEmail}
                initialEmail={signInEmail}
                pending={login.isPending}
                onSubmit={(email, password) => login.mutate({ email, password })}
                onForgotPassword={() => setView('forgot')}
              />
              <Divider />
              {google}
            </div>
          )}
          {view === 'verify' && (
            <VerificationView
              email={verifyEmail}
              pending={verify.isPending || register.isPending || login.isPending}
              resending={resend.isPending}
              backLabel={pendingSignUp ? 'Back to Registration' : 'Back to Sign In'}
              onVerify={(code) => verify.mutate(code)}
              onResend={() => resend.mutate()}
              onBack={() => setView(pendingSignUp ? 'signup' : 'signin')}
            />
          )}
          {view === 'forgot' && (
            <ForgotPasswordView
              initialEmail={signInEmail}
              pending={requestReset.isPending}
              onSubmit={(email) => requestReset.mutate(email)}
              onBack={() => setView('signin')}
            />
          )}
          {view === 'reset' && (
            <ResetPasswordView
              email={resetEmail}
              checking={!resetEmail}
              pending={resetPassword.isPending}
              onSubmit={(password) => resetPassword.mutate(password)}
              onBack={() => resetUrlTo('signin')}
            />
          )}
        </div>
      </div>
    </main>
  );
}

function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
