import { ERASED_TEXT, type KeyStore, type PersonalDataCipher } from '@scrivo/domain';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';

/**
 * AES-256-GCM with the person's key from the KeyStore (node:crypto). A sealed value is one string, so event
 * fields keep their types: `sealed:v1:<subject>:<iv>:<ciphertext>:<tag>` (base64url). The subject id is the
 * additional authenticated data: a value moved onto another person's event does not open.
 */
export class AesGcmCipher implements PersonalDataCipher {
  constructor(private readonly keys: KeyStore) {}

  isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }

  async seal(subjectId: string, plaintext: string): Promise<string> {
    if (subjectId.includes(':')) throw new Error('A subject id cannot contain ":"');
    const key = await this.keys.keyFor(subjectId);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(subjectId));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${PREFIX}${subjectId}:${iv.toString('base64url')}:${data.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}`;
  }

  async open(value: string): Promise<string> {
    return (await this.openAll([value]))[0]!;
  }

  async openAll(values: readonly string[]): Promise<string[]> {
    const keys = new Map<string, Uint8Array | null>();
    const out: string[] = [];
    for (const value of values) {
      if (!this.isSealed(value)) {
        out.push(value);
        continue;
      }
      const [subjectId, iv, data, tag] = value.slice(PREFIX.length).split(':');
      if (!subjectId || iv === undefined || data === undefined || tag === undefined)
        throw new Error('A sealed value is malformed');
      let key = keys.get(subjectId);
      if (key === undefined) {
        key = await this.keys.find(subjectId);
        keys.set(subjectId, key);
      }
      if (!key) {
        out.push(ERASED_TEXT);
        continue;
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(subjectId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      out.push(
        Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8'),
      );
    }
    return out;
  }
}
