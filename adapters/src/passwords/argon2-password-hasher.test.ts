import { describe, expect, it } from 'vitest';
import { Argon2PasswordHasher } from './argon2-password-hasher';

describe('Argon2PasswordHasher', () => {
  const hasher = new Argon2PasswordHasher();

  it('hashes with argon2id, a salt and the recommended parameters', async () => {
    const hash = await hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await hasher.hash('correct horse')).not.toBe(hash);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hasher.hash('correct horse');
    expect(await hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await hasher.verify(hash, 'correct horsE')).toBe(false);
  });

  it('treats a malformed stored hash as a failed check', async () => {
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });

  it('handles long and non-ASCII passwords', async () => {
    const password = 'pässwörd-密码-'.repeat(20);
    expect(await hasher.verify(await hasher.hash(password), password)).toBe(true);
  });
});
