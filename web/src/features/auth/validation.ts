import { INDUSTRY_OTHER } from '@scrivo/contracts';

/** The sign-up form's fields, in the order the progressive form reveals them (steps 1 to 6). */
export const SIGN_UP_STEPS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'industry',
] as const;
export type SignUpStepField = (typeof SIGN_UP_STEPS)[number];

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  industry: string;
  industryOther: string;
  hearAboutUs: string;
  hearAboutUsOther: string;
}

export const emptySignUp: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  industry: '',
  industryOther: '',
  hearAboutUs: '',
  hearAboutUsOther: '',
};

export const HEAR_ABOUT_US_OPTIONS = [
  'Search engine (Google, Bing...)',
  'Social media',
  'YouTube',
  'Podcast',
  'Friend or colleague',
  'Blog or article',
  'Other',
] as const;

const isEmail = (value: string) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) && !/\s/.test(value.trim());

/** The live indicator of each field: valid fields get a green border and reveal the next one. */
export const fieldValid = (field: SignUpStepField, v: SignUpValues): boolean => {
  switch (field) {
    case 'firstName':
      return v.firstName.trim().length >= 2;
    case 'lastName':
      return v.lastName.trim().length >= 2;
    case 'email':
      return isEmail(v.email);
    case 'password':
      return v.password.length >= 6;
    case 'confirmPassword':
      return v.confirmPassword.length > 0 && v.confirmPassword === v.password;
    case 'industry':
      return v.industry !== '' && (v.industry !== INDUSTRY_OTHER || v.industryOther.trim().length > 0);
  }
};

/** The errors shown at submit (spec section 5 texts); an empty object means the form can be sent. */
export const validateSignUp = (v: SignUpValues): Partial<Record<keyof SignUpValues, string>> => {
  const errors: Partial<Record<keyof SignUpValues, string>> = {};
  if (!v.firstName.trim()) errors.firstName = 'First name is required';
  else if (v.firstName.trim().length < 2) errors.firstName = 'First name must be at least 2 characters';
  if (!v.lastName.trim()) errors.lastName = 'Last name is required';
  else if (v.lastName.trim().length < 2) errors.lastName = 'Last name must be at least 2 characters';
  if (!v.email.trim()) errors.email = 'Email is required';
  else if (!isEmail(v.email)) errors.email = 'Please enter a valid email address';
  if (v.password.length < 6) errors.password = 'Password must be at least 6 characters';
  if (v.confirmPassword !== v.password) errors.confirmPassword = 'Passwords do not match';
  if (!v.industry) errors.industry = 'Please select your industry';
  else if (v.industry === INDUSTRY_OTHER && !v.industryOther.trim())
    errors.industryOther = 'Please specify your industry';
  if (v.hearAboutUs === 'Other' && !v.hearAboutUsOther.trim())
    errors.hearAboutUsOther = 'Please tell us where you heard about us';
  return errors;
};

/** The registration payload: 'Other' answers folded as the spec says. */
export const registrationPayload = (v: SignUpValues, language: 'en' | 'es' | 'fr' = 'en') => ({
  email: v.email.trim(),
  password: v.password,
  firstName: v.firstName.trim(),
  lastName: v.lastName.trim(),
  industry: v.industry === INDUSTRY_OTHER && v.industryOther.trim() ? v.industryOther.trim() : v.industry,
  ...(v.hearAboutUs
    ? { hearAboutUs: v.hearAboutUs === 'Other' ? `Other: ${v.hearAboutUsOther.trim()}` : v.hearAboutUs }
    : {}),
  language,
});

export const validateNewPassword = (password: string, confirm: string): string | null => {
  if (!password || !confirm) return 'Please fill in both fields';
  if (password !== confirm) return 'Passwords do not match';
  if (password.length < 6) return 'Password must be at least 6 characters';
  return null;
};

/** Only same-site paths may be a redirect target after sign-in (no open redirects). */
export const safeRedirect = (target: unknown): string | null =>
  typeof target === 'string' &&
  target.startsWith('/') &&
  !target.startsWith('//') &&
  !target.startsWith('/\\')
    ? target
    : null;
