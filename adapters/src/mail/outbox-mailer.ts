import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Mailer, MailMessage } from '@scrivo/domain/accounts';
import nodemailer, { type Transporter } from 'nodemailer';
import { toNodemailer } from './compose';

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
    const recipient = message.to.replace(/[^A-Za-z0-9@._+-]/g, '_');
    const name = `${stamp}-${recipient}-${randomBytes(4).toString('hex')}.eml`;
    const temporary = join(this.options.directory, `.${name}.tmp`);
    await writeFile(temporary, info.message, { mode: 0o600 });
    await rename(temporary, join(this.options.directory, name));
  }
}
