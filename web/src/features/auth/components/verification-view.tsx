import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

interface VerificationViewProps {
  readonly email: string;
  readonly pending?: boolean;
  readonly resending?: boolean;
  readonly backLabel?: string;
  readonly onVerify: (code: string) => void;
  readonly onResend: () => void;
  readonly onBack: () => void;
}

/** Email verification: the 6-digit code, Resend Code, Back to Registration. */
export function VerificationView({
  email,
  pending = false,
  resending = false,
  backLabel = 'Back to Registration',
  onVerify,
  onResend,
  onBack,
}: VerificationViewProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return setError('Verification code is required');
    if (!/^\d{6}$/.test(trimmed)) return setError('Please enter the 6-digit code from the email');
    setError(undefined);
    onVerify(trimmed);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Verify your email">
      <div className="space-y-1 text-center">
        <h2 className="text-xl font-semibold text-slate-900">Check your email</h2>
        <p className="text-sm text-slate-600">
          We sent a 6-digit code to <strong className="text-slate-900">{email}</strong>. It is valid for 10
          minutes.
        </p>
      </div>
      <Field
        label="Verification code"
        name="verificationCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        value={code}
        onChange={(e) => {
          setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
          setError(undefined);
        }}
        valid={/^\d{6}$/.test(code)}
        error={error}
        className="block w-full rounded-lg border border-slate-300 px-3 py-3 text-center font-mono text-2xl tracking-[0.5em]"
        autoFocus
      />
      <Button type="submit" busy={pending} busyLabel="Verifying...">
        Verify Email
      </Button>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onResend} busy={resending} busyLabel="Sending...">
          Resend Code
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {backLabel}
        </Button>
      </div>
    </form>
  );
}
