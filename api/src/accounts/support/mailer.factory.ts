import { join } from 'node:path';
import type { Mailer } from '@scrivo/domain/accounts';
import type { AppConfig } from '../../config/config';

/** The outbox in embedded mode (no mail server needed), SMTP when SCRIVO_MAILER=smtp. */
export const createMailer = async (config: AppConfig): Promise<Mailer> => {
  if (config.SCRIVO_MAILER === 'smtp') {
    const { SmtpMailer } = await import('@scrivo/adapters/mail/smtp-mailer');
    return new SmtpMailer({ url: config.SMTP_URL!, from: config.SCRIVO_MAIL_FROM });
  }
  const { OutboxMailer } = await import('@scrivo/adapters/mail/outbox-mailer');
  return new OutboxMailer({
    directory: join(config.SCRIVO_DATA_DIR, 'outbox'),
    from: config.SCRIVO_MAIL_FROM,
    retentionMs: config.SCRIVO_OUTBOX_RETENTION_HOURS * 3600 * 1000,
  });
};
