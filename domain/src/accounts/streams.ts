import { normalizeEmail } from './email-address';

/** Stream names of the accounts capability that hold no personal data (ids only). */
export const AccountStreams = {
  user: (userId: string) => `user-${userId}`,
  admin: (adminId: string) => `admin-${adminId}`,
  auditor: (auditorId: string) => `auditor-${auditorId}`,
};

/**
 * The keyed hash an email-keyed stream is named by: HMAC-SHA256 with the server's secret, hex. A stream name is
 * not encrypted (it appears in the event store, the audit index, the logs of every replica), so it must not hold
 * the address itself; an unkeyed hash would not do either (anyone could hash a guessed address and compare).
 */
export type EmailKeyer = (normalizedEmail: string) => string;

/** Marks the keyed names apart from the old ones that held the address (`user-email-{email}`). */
const HASHED = 'h-';

/**
 * Names of the streams keyed by an email address (who owns it, its verification codes, its invitation). Built
 * once per server from its secret (api/src/accounts/support/email-keyer.ts); the address is always normalised
 * first, so `A@x.com` and `a@x.com` name one stream.
 */
export class EmailStreamNames {
  constructor(private readonly keyer: EmailKeyer) {}

  /** The hex key of an address: the part of its stream names, and of its personal key's id, that stands for it. */
  keyOf(email: string): string {
    return this.keyer(normalizeEmail(email));
  }

  userEmail(email: string): string {
    return `user-email-${HASHED}${this.keyOf(email)}`;
  }

  emailVerification(email: string): string {
    return `email-verification-${HASHED}${this.keyOf(email)}`;
  }

  invitation(email: string): string {
    return `user-invitation-${HASHED}${this.keyOf(email)}`;
  }

  adminEmail(email: string): string {
    return `admin-email-${HASHED}${this.keyOf(email)}`;
  }

  auditorEmail(email: string): string {
    return `auditor-email-${HASHED}${this.keyOf(email)}`;
  }
}

/** The prefixes of the email-keyed streams; the old names put the address right after them. */
export const EMAIL_STREAM_PREFIXES = [
  'user-email-',
  'email-verification-',
  'user-invitation-',
  'admin-email-',
  'auditor-email-',
] as const;

/**
 * The address's key in a keyed stream name (`user-email-h-{hex}` gives `{hex}`), or null for any other stream,
 * an old name among them.
 */
export const addressKeyOfStream = (streamId: string): string | null => {
  for (const prefix of EMAIL_STREAM_PREFIXES) {
    if (!streamId.startsWith(prefix)) continue;
    const match = /^h-([0-9a-f]{64})$/.exec(streamId.slice(prefix.length));
    return match ? match[1]! : null;
  }
  return null;
};

/**
 * The old name of an email-keyed stream, as stored before the names were hashed: its prefix and the address.
 * Only the start-up migration (api/src/privacy/email-stream-migration.ts) still reads them.
 */
export const legacyEmailStream = (streamId: string): { prefix: string; email: string } | null => {
  for (const prefix of EMAIL_STREAM_PREFIXES) {
    if (!streamId.startsWith(prefix)) continue;
    const rest = streamId.slice(prefix.length);
    return rest.includes('@') ? { prefix, email: rest } : null;
  }
  return null;
};

/**
 * The personal key that seals an address inside the events of its own streams (the claim, the codes, the
 * invitation): one per address, erased with the account that owned it. Erased keys stay erased (a tombstone), so
 * when the address signs up again its events are sealed under the next generation: `address-{hex}`, then
 * `address-{hex}.2`, ...
 */
export const addressKeySubject = (addressKey: string, generation = 1): string =>
  generation <= 1 ? `address-${addressKey}` : `address-${addressKey}.${generation}`;
