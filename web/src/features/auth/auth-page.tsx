import { Link } from '@tanstack/react-router';
import { SignupPolicyNotice } from '../../components/signup-policy-notice';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ForgotPasswordView } from './components/forgot-password-view';
import { GoogleButton } from './components/google-button';
import { ResetPasswordView } from './components/reset-password-view';
import { SignInForm } from './components/sign-in-form';
import { SignUpForm } from './components/sign-up-form';
import { VerificationView } from './components/verification-view';
import { type AuthPageProps, useAuthPage } from './use-auth-page';

/**
 * The auth page behind /signin, /signup, /auth, /forgot-password and /reset-password: Sign Up and Sign In tabs
 * plus the verification, forgot-password and set-new-password views (spec sections 2, 4 and 8).
 */
export function AuthPage({ path, search }: AuthPageProps) {
  const {
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
  } = useAuthPage({ path, search });

  if (user.isPending) return <Spinner />;

  const tabs = view === 'signin' || view === 'signup';
  const google = (
    <GoogleButton
      label={view === 'signup' ? 'Sign up with Google' : 'Sign in with Google'}
      available={providers.data?.google ?? true}
      onUnavailable={googleUnavailable}
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
