import { ERASED_TEXT } from '@scrivo/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AesGcmCipher } from './aes-gcm-cipher';
import { SqliteKeyStore } from './sqlite-key-store';

const dir = mkdtempSync(join(tmpdir(), 'scrivo-cipher-'));
const keys = new SqliteKeyStore({ path: join(dir, 'keys.db') });
const cipher = new AesGcmCipher(keys);
afterAll(async () => {
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Flips one bit of the ciphertext itself, so the change never falls in base64's unused padding bits. */
function withOneBitFlipped(sealed: string): string {
  const parts = sealed.split(':');
  const data = Buffer.from(parts[4], 'base64url');
  data[0] ^= 1;
  parts[4] = data.toString('base64url');
  return parts.join(':');
}

describe('personal data sealed with AES-256-GCM and the person key', () => {
  it('opens what it sealed; the sealed text holds no trace of the plaintext and differs each time', async () => {
    const sealed = await cipher.seal('u1', 'ask not what your country can do for you');
    expect(sealed.startsWith('sealed:v1:u1:')).toBe(true);
    expect(sealed).not.toContain('country');
    expect(await cipher.seal('u1', 'ask not what your country can do for you')).not.toBe(sealed);
    expect(await cipher.open(sealed)).toBe('ask not what your country can do for you');
  });

  it('opens a value written before encryption as itself (events already stored)', async () => {
    expect(await cipher.open('ada@example.com')).toBe('ada@example.com');
  });

  it("refuses a value moved onto another person's event, or changed", async () => {
    const sealed = await cipher.seal('u2', 'Grace');
    await cipher.seal('u3', 'x');
    await expect(cipher.open(sealed.replace('sealed:v1:u2:', 'sealed:v1:u3:'))).rejects.toThrow();
    await expect(cipher.open(withOneBitFlipped(sealed))).rejects.toThrow();
  });

  it('shows "erased" once the person key is erased, while other people still open', async () => {
    const mine = await cipher.seal('u4', 'Lovelace');
    const theirs = await cipher.seal('u5', 'Hopper');
    await keys.erase('u4');
    expect(await cipher.open(mine)).toBe(ERASED_TEXT);
    expect(await cipher.open(theirs)).toBe('Hopper');
    await expect(cipher.seal('u4', 'again')).rejects.toThrow(/erased/);
  });
});
