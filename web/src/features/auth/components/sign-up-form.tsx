import { INDUSTRY_OPTIONS, INDUSTRY_OTHER } from '@scrivo/contracts';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import {
  emptySignUp,
  fieldValid,
  HEAR_ABOUT_US_OPTIONS,
  SIGN_UP_STEPS,
  type SignUpValues,
  validateSignUp,
} from '../validation';
import { Field, inputClass } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

/** Next field appears this long after the current one becomes valid (spec section 9). */
const NEXT_FIELD_DELAY_MS = 300;

interface SignUpFormProps {
  readonly initialValues?: Partial<SignUpValues>;
  /** 1 to 6; stories and a returning user (Back to Registration) start further on. */
  readonly initialStep?: number;
  readonly pending?: boolean;
  readonly onSubmit: (values: SignUpValues) => void;
}

/**
 * The progressive sign-up (spec section 4): firstName, lastName, email, password, confirmPassword, industry,
 * one at a time; a field that becomes valid turns green and reveals the next after 300 ms; Create Account only
 * at step 6 with a valid industry.
 */
export function SignUpForm({ initialValues, initialStep = 1, pending = false, onSubmit }: SignUpFormProps) {
  const [values, setValues] = useState<SignUpValues>({ ...emptySignUp, ...initialValues });
  const [step, setStep] = useState(Math.min(Math.max(initialStep, 1), 6));
  const [errors, setErrors] = useState<Partial<Record<keyof SignUpValues, string>>>({});

  const currentField = SIGN_UP_STEPS[step - 1]!;
  const currentValid = fieldValid(currentField, values);
  useEffect(() => {
    if (step >= 6 || !currentValid) return;
    const timer = setTimeout(() => setStep((s) => Math.max(s, step + 1)), NEXT_FIELD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step, currentValid]);

  const set = (field: keyof SignUpValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const shown = (field: (typeof SIGN_UP_STEPS)[number]) => SIGN_UP_STEPS.indexOf(field) < step;
  const valid = (field: (typeof SIGN_UP_STEPS)[number]) => fieldValid(field, values);
  /** What a step's Field is bound to: its value, its setter, its live validity and its error. */
  const bound = (field: (typeof SIGN_UP_STEPS)[number]) => ({
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field)(e.target.value),
    valid: valid(field),
    error: errors[field],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  const mismatch = values.confirmPassword.length > 0 && values.confirmPassword !== values.password;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create your account">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          {...bound('firstName')}
          autoComplete="given-name"
          maxLength={100}
          autoFocus
        />
        {shown('lastName') && (
          <Field label="Last name" {...bound('lastName')} autoComplete="family-name" maxLength={100} />
        )}
      </div>
      {shown('email') && (
        <Field label="Email" {...bound('email')} type="email" autoComplete="email" maxLength={254} />
      )}
      {shown('password') && (
        <Field
          label="Password"
          {...bound('password')}
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters"
          maxLength={256}
        />
      )}
      {shown('confirmPassword') && (
        <Field
          label="Confirm password"
          {...bound('confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword ?? (mismatch ? "Passwords don't match" : undefined)}
          maxLength={256}
        />
      )}
      {shown('industry') && (
        <>
          <div className="space-y-1.5">
            <label htmlFor="signup-industry" className="block text-sm font-medium text-slate-700">
              Industry
            </label>
            <select
              id="signup-industry"
              name="industry"
              value={values.industry}
              onChange={(e) => set('industry')(e.target.value)}
              aria-invalid={errors.industry ? true : undefined}
              data-valid={valid('industry') ? 'true' : undefined}
              className={inputClass(valid('industry'), errors.industry)}
            >
              <option value="">Select your industry</option>
              {INDUSTRY_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
            {errors.industry && <p className="text-sm text-red-600">{errors.industry}</p>}
          </div>
          {values.industry === INDUSTRY_OTHER && (
            <Field
              label="Please specify your industry"
              name="industryOther"
              value={values.industryOther}
              onChange={(e) => set('industryOther')(e.target.value)}
              valid={values.industryOther.trim().length > 0}
              error={errors.industryOther}
              maxLength={200}
              required
            />
          )}
          <div className="space-y-1.5">
            <label htmlFor="signup-hear" className="block text-sm font-medium text-slate-700">
              How did you hear about us? <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <select
              id="signup-hear"
              name="hearAboutUs"
              value={values.hearAboutUs}
              onChange={(e) => set('hearAboutUs')(e.target.value)}
              className={inputClass(false)}
            >
              <option value="">Choose one</option>
              {HEAR_ABOUT_US_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          {values.hearAboutUs === 'Other' && (
            <Field
              label="Where did you hear about us?"
              name="hearAboutUsOther"
              value={values.hearAboutUsOther}
              onChange={(e) => set('hearAboutUsOther')(e.target.value)}
              error={errors.hearAboutUsOther}
              maxLength={190}
            />
          )}
        </>
      )}
      <p className="text-xs text-slate-500" aria-live="polite">
        Step {step} of 6
      </p>
      {step === 6 && valid('industry') && (
        <Button type="submit" busy={pending} busyLabel="Creating account...">
          Create Account
        </Button>
      )}
    </form>
  );
}
