import { mkdir, rename, writeFile } from 'node:fs/promises';
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
}

/**
 * Embedded mode has no mail server: each message is written as a complete RFC 5322 `.eml` file (any mail client
 * opens it; a script can parse it). Files are named `<time>-<recipient>-<random>.eml` so they sort by time, and
 * are written under a temporary name first so a reader never sees half a message.
 */
export class OutboxMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: OutboxMailerOptions) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  async send(message: MailMessage): Promise<void> {
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
