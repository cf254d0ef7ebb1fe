import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

interface ForgotPasswordViewProps {
  readonly initialEmail?: string;
  readonly pending?: boolean;
  readonly onSubmit: (email: string) => void;
  readonly onBack: () => void;
}

export function ForgotPasswordView({
  initialEmail = '',
  pending = false,
  onSubmit,
  onBack,
}: ForgotPasswordViewProps) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('Email is required');
    setError(undefined);
    onSubmit(email.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Reset your password">
      <div className="space-y-1 text-center">
        <h2 className="text-xl font-semibold text-slate-900">Forgot your password?</h2>
        <p className="text-sm text-slate-600">
          Enter your email and we will send you a link to set a new one.
        </p>
      </div>
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        maxLength={254}
        required
      />
      <Button type="submit" busy={pending} busyLabel="Sending...">
        Send Reset Link
      </Button>
      <Button variant="secondary" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
