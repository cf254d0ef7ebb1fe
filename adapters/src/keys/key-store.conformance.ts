import { KeyErasedError, type KeyStore } from '@scrivo/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The KeyStore port's contract, which every adapter runs: the embedded SQLite store always, MongoDB through
 * FerretDB (or MONGODB_URL). `open` gives another connection to the same store (a second API replica).
 */
export const describeKeyStoreConformance = (
  name: string,
  open: (() => Promise<KeyStore>) | null,
  skipReason?: string,
) => {
  const suite = open ? describe : describe.skip;
  suite(`KeyStore conformance: ${name}${open ? '' : ` (skipped: ${skipReason})`}`, () => {
    let store: KeyStore;
    let replica: KeyStore;
    const person = () => `user-${randomUUID()}`;

    beforeAll(async () => {
      store = await open!();
      replica = await open!();
    });
    afterAll(async () => {
      await store?.close();
      await replica?.close();
    });

    it('makes a 256-bit key on first use and gives the same one afterwards, on every replica', async () => {
      const ada = person();
      expect(await store.find(ada)).toBeNull();
      const key = await store.keyFor(ada);
      expect(key).toBeInstanceOf(Uint8Array);
      expect(key.byteLength).toBe(32);
      expect(Buffer.from(await store.keyFor(ada)).equals(Buffer.from(key))).toBe(true);
      expect(Buffer.from((await replica.find(ada))!).equals(Buffer.from(key))).toBe(true);
    });

    it('gives each person a key of their own', async () => {
      const a = await store.keyFor(person());
      const b = await store.keyFor(person());
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    });

    it('agrees on one key when two replicas make it at once', async () => {
      const grace = person();
      const keys = await Promise.all([
        store.keyFor(grace),
        replica.keyFor(grace),
        store.keyFor(grace),
        replica.keyFor(grace),
      ]);
      for (const key of keys) expect(Buffer.from(key).equals(Buffer.from(keys[0]!))).toBe(true);
    });

    it('erases a key for good: gone on every replica, no new key for that person, erasing again is fine', async () => {
      const erased = person();
      const other = person();
      const kept = await store.keyFor(other);
      await store.keyFor(erased);
      await store.erase(erased);
      expect(await store.find(erased)).toBeNull();
      expect(await replica.find(erased)).toBeNull();
      await expect(replica.keyFor(erased)).rejects.toBeInstanceOf(KeyErasedError);
      expect(await store.erasedAt(erased)).toEqual(expect.any(String));
      await store.erase(erased);
      expect(Buffer.from((await store.find(other))!).equals(Buffer.from(kept))).toBe(true);
      expect(await store.erasedAt(other)).toBeNull();
    });

    it('leaves a tombstone for a person erased before any key was made', async () => {
      const never = person();
      await store.erase(never);
      await expect(store.keyFor(never)).rejects.toBeInstanceOf(KeyErasedError);
    });
  });
};
