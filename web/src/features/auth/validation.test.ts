import { describe, expect, it } from 'vitest';
import {
  emptySignUp,
  fieldValid,
  registrationPayload,
  safeRedirect,
  validateNewPassword,
  validateSignUp,
} from './validation';

const filled = {
  ...emptySignUp,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret',
  confirmPassword: 'secret',
  industry: 'Student',
};

describe('sign-up validation', () => {
  it('gives the spec messages for empty fields', () => {
    expect(validateSignUp(emptySignUp)).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password must be at least 6 characters',
      industry: 'Please select your industry',
    });
    expect(validateSignUp({ ...filled, firstName: '   ' }).firstName).toBe('First name is required');
  });
  it('needs matching passwords and the free text when the industry is Other', () => {
    expect(validateSignUp({ ...filled, confirmPassword: 'secreT' }).confirmPassword).toBe(
      'Passwords do not match',
    );
    expect(validateSignUp({ ...filled, industry: 'Other (Please Specify)' }).industryOther).toBeDefined();
    expect(validateSignUp(filled)).toEqual({});
  });
  it('live indicators: names need 2 characters after trimming, emails no spaces', () => {
    expect(fieldValid('firstName', { ...filled, firstName: ' A ' })).toBe(false);
    expect(fieldValid('firstName', { ...filled, firstName: 'Al' })).toBe(true);
    expect(fieldValid('email', { ...filled, email: 'ada @example.com' })).toBe(false);
    expect(fieldValid('confirmPassword', { ...filled, confirmPassword: 'secre' })).toBe(false);
  });
  it('folds the Other answers into the payload as the spec says', () => {
    const payload = registrationPayload({
      ...filled,
      industry: 'Other (Please Specify)',
      industryOther: ' Beekeeping ',
      hearAboutUs: 'Other',
      hearAboutUsOther: 'a friend',
    });
    expect(payload).toMatchObject({ industry: 'Beekeeping', hearAboutUs: 'Other: a friend' });
    expect(registrationPayload(filled)).not.toHaveProperty('hearAboutUs');
  });
});

describe('other checks', () => {
  it('validates the new password of a reset', () => {
    expect(validateNewPassword('', '')).toBe('Please fill in both fields');
    expect(validateNewPassword('abcdef', 'abcdeg')).toBe('Passwords do not match');
    expect(validateNewPassword('abc', 'abc')).toBe('Password must be at least 6 characters');
    expect(validateNewPassword('abcdef', 'abcdef')).toBeNull();
  });
  it('only allows same-site redirect targets', () => {
    expect(safeRedirect('/recordings?x=1')).toBe('/recordings?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
});
