import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Mailer, MailMessage } from '@scrivo/domain/accounts';
import nodemailer, { type Transporter } from 'nodemailer';
import { toNodemailer } from './compose';

/**
 * The recipient as it may appear in a file name: safe characters only, and short, because a valid address can be
 * 254 characters and most file systems stop at 255 bytes for the whole name (the `.tmp` name adds more). The file
 * itself carries the full address; the name is only there to help a person find it.
 */
const MAX_RECIPIENT_IN_NAME = 64;
export const fileNamePart = (address: string): string =>
  address.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, MAX_RECIPIENT_IN_NAME);

export interface OutboxMailerOptions {
  /** Usually $SCRIVO_DATA_DIR/outbox. */
  readonly directory: string;
  readonly from: string;
  /**
   * How long a message is kept: they hold sign-in codes and people's names, and are only there to be read soon
   * (SCRIVO_OUTBOX_RETENTION_HOURS). Older ones are deleted when mail is sent and every hour.
   */
  readonly retentionMs?: number;
}

export const DEFAULT_OUTBOX_RETENTION_MS = 7 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;

/**
 * Embedded mode has no mail server: each message is written as a complete RFC 5322 `.eml` file (any mail client
 * opens it; a script can parse it). Files are named `<time>-<recipient>-<random>.eml` so they sort by time, and
 * are written under a temporary name first so a reader never sees half a message.
 */
export class OutboxMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: OutboxMailerOptions) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    this.timer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_EVERY_MS);
    this.timer.unref();
  }

  /** Deletes the messages older than the retention; resolves with how many. */
  async prune(now = Date.now()): Promise<number> {
    const keepFrom = now - (this.options.retentionMs ?? DEFAULT_OUTBOX_RETENTION_MS);
    let removed = 0;
    for (const path of await this.messages()) {
      const info = await stat(path).catch(() => null);
      if (!info || info.mtimeMs >= keepFrom) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Every message to this address (named after it, and addressed to it inside: a name part may be shared). */
  async forget(address: string): Promise<void> {
    const wanted = address.toLowerCase();
    const part = `-${fileNamePart(wanted)}-`;
    for (const path of await this.messages()) {
      if (!path.toLowerCase().includes(part)) continue;
      const text = (await readFile(path).catch(() => Buffer.alloc(0))).toString('utf8').toLowerCase();
      if (text.includes(wanted)) await rm(path, { force: true });
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
  }

  private async messages(): Promise<string[]> {
    const names = await readdir(this.options.directory).catch(() => []);
    return names.filter((n) => n.endsWith('.eml')).map((n) => join(this.options.directory, n));
  }

  async send(message: MailMessage): Promise<void> {
    await this.prune();
    const info = (await this.transport.sendMail(toNodemailer(message, this.options.from))) as {
      message: Buffer;
    };
    await mkdir(this.options.directory, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${fileNamePart(message.to)}-${randomBytes(4).toString('hex')}.eml`;
    const temporary = join(this.options.directory, `.${name}.tmp`);
    await writeFile(temporary, info.message, { mode: 0o600 });
    await rename(temporary, join(this.options.directory, name));
  }
}
