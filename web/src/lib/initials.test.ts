import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe("a person's avatar letters", () => {
  it('are the first letters of the first and last names', () => {
    expect(initials('Ben Baker')).toBe('BB');
    expect(initials('María José de la Cruz')).toBe('MC');
  });

  it('are one letter for one name or an address', () => {
    expect(initials('Ana')).toBe('A');
    expect(initials('ana.ruiz@example.com')).toBe('A');
  });

  it('keep letters outside the Latin alphabet whole', () => {
    expect(initials('Łukasz Żak')).toBe('ŁŻ');
    expect(initials('张 伟')).toBe('张伟');
  });

  it('say nobody is known with a question mark', () => {
    expect(initials('  ')).toBe('?');
  });
});
