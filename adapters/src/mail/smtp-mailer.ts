import type { Mailer, MailMessage } from '@scrivo/domain/accounts';
import nodemailer, { type Transporter } from 'nodemailer';
import { toNodemailer } from './compose';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  readonly url: string;
  readonly from: string;
  /** For test servers with self-signed certificates only. */
  readonly allowInsecureTls?: boolean;
}

/** Sends through any SMTP relay with nodemailer (pooled connections, so bursts of sign-ups share them). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    const url = new URL(options.url);
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      pool: true,
      connectionTimeout: 10_000,
      tls: options.allowInsecureTls ? { rejectUnauthorized: false } : undefined,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(toNodemailer(message, this.options.from));
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
