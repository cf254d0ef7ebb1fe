import type { MailMessage } from '@scrivo/domain/accounts';
import type { SendMailOptions } from 'nodemailer';

/** The nodemailer message for a port message: text and HTML alternatives, plus a tag header for tools. */
export const toNodemailer = (message: MailMessage, from: string): SendMailOptions => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  headers: message.tag ? { 'X-Scrivo-Tag': message.tag } : {},
});
