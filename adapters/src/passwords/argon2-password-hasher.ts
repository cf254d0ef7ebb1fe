import argon2 from 'argon2';
import type { PasswordHasher } from '@scrivo/domain/accounts';

export interface Argon2Options {
  /** KiB of memory per hash; OWASP's argon2id minimum is 19 MiB (19456). */
  readonly memoryCost?: number;
  readonly timeCost?: number;
  readonly parallelism?: number;
}

/** argon2id with OWASP-recommended parameters; the hash string carries its own salt and parameters. */
export class Argon2PasswordHasher implements PasswordHasher {
  constructor(private readonly options: Argon2Options = {}) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.options.memoryCost ?? 19_456,
      timeCost: this.options.timeCost ?? 2,
      parallelism: this.options.parallelism ?? 1,
    });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash is a failed check, not a crash of the sign-in.
      return false;
    }
  }
}
