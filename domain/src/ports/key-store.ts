import { DomainError } from '../kernel/errors';

/**
 * Per-person keys for crypto-shredding: personal data inside events (which are never rewritten) is written
 * encrypted with its person's key, and erasing the person deletes the key, leaving the events unreadable.
 * Embedded: a SQLite file of its own; production: a MongoDB collection. Every adapter runs the conformance suite
 * (adapters/src/keys/key-store.conformance.ts).
 */
export interface KeyStore {
  /**
   * The person's 256-bit key, made on first use. Two replicas asking at once for a new person get the same key.
   * Throws KeyErasedError once the person's key was erased: nothing new may be written for them.
   */
  keyFor(subjectId: string): Promise<Uint8Array>;
  /** The key when it exists, null when it was erased or never made (readers then show "erased"). */
  find(subjectId: string): Promise<Uint8Array | null>;
  /** Deletes the key for good (its bytes are overwritten, not just unlinked). Erasing twice is no error. */
  erase(subjectId: string): Promise<void>;
  /** Whether the person's key was erased (a tombstone stays: when, never the key). */
  erasedAt(subjectId: string): Promise<string | null>;
  close(): Promise<void>;
}

export class KeyErasedError extends DomainError {
  constructor(subjectId: string) {
    super('KEY_ERASED', "This person's data was erased; nothing more can be written for them.", {
      subjectId,
    });
    this.name = 'KeyErasedError';
  }
}

/** What readers show where personal data was once its person's key is erased. */
export const ERASED_TEXT = '[erased]';

/**
 * Seals personal data for an event with its person's key, and opens it again for readers (projections, the
 * audit replay, exports). A value that is not sealed (an event written before encryption) opens as itself.
 */
export interface PersonalDataCipher {
  seal(subjectId: string, plaintext: string): Promise<string>;
  /** The plaintext, or ERASED_TEXT once the person's key is erased. */
  open(value: string): Promise<string>;
  /**
   * Many values at once (same order), each as `open` would give it: each person's key is looked up once, however
   * many of their values there are (a long recording's stream holds one per word).
   */
  openAll(values: readonly string[]): Promise<string[]>;
  isSealed(value: string): boolean;
}
