import { type FormEvent, useState } from 'react';
import { validateNewPassword } from '../validation';
import { Field } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

interface ResetPasswordViewProps {
  readonly email?: string;
  readonly checking?: boolean;
  readonly pending?: boolean;
  readonly onSubmit: (newPassword: string) => void;
  readonly onBack: () => void;
}

export function ResetPasswordView({
  email,
  checking = false,
  pending = false,
  onSubmit,
  onBack,
}: ResetPasswordViewProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirm);
    setError(problem ?? undefined);
    if (!problem) onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Set a new password">
      <div className="space-y-1 text-center">
        <h2 className="text-xl font-semibold text-slate-900">Set a new password</h2>
        <p className="text-sm text-slate-600">
          {checking
            ? 'Checking your reset link...'
            : email
              ? `For ${email}`
              : 'Choose a new password for your account.'}
        </p>
      </div>
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        valid={password.length >= 6}
        maxLength={256}
        disabled={checking}
      />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        valid={confirm.length >= 6 && confirm === password}
        error={error}
        maxLength={256}
        disabled={checking}
      />
      <Button type="submit" disabled={pending || checking}>
        {pending ? 'Updating...' : 'Update Password'}
      </Button>
      <Button variant="secondary" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
