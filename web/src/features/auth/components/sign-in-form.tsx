import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

interface SignInFormProps {
  readonly initialEmail?: string;
  readonly pending?: boolean;
  readonly onSubmit: (email: string, password: string) => void;
  readonly onForgotPassword: () => void;
}

export function SignInForm({
  initialEmail = '',
  pending = false,
  onSubmit,
  onForgotPassword,
}: SignInFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(email.trim() ? {} : { email: 'Email is required' }),
      ...(password ? {} : { password: 'Password is required' }),
    };
    setErrors(found);
    if (!found.email && !found.password) onSubmit(email.trim(), password);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Sign in">
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        maxLength={254}
        required
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        maxLength={256}
        required
      />
      <div className="flex justify-end">
        <Button variant="link" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <Button type="submit" busy={pending} busyLabel="Signing in...">
        Sign In
      </Button>
    </form>
  );
}
