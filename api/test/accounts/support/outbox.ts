import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

const addressOf = (mail: ParsedMail): string | undefined =>
  mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address?.toLowerCase() : undefined;

/** Reads the .eml files the outbox mailer wrote under dataDir/outbox, oldest first, parsed like a mail client. */
export const readOutbox = async (dataDir: string): Promise<ParsedMail[]> => {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (n) => simpleParser(await readFile(join(dir, n)))));
};

export const mailsTo = async (dataDir: string, email: string, tag?: string): Promise<ParsedMail[]> =>
  (await readOutbox(dataDir)).filter(
    (m) => addressOf(m) === email.trim().toLowerCase() && (!tag || m.headers.get('x-scrivo-tag') === tag),
  );

/** Waits (briefly) for a message to the address, returns the newest one. */
export const latestMailTo = async (
  dataDir: string,
  email: string,
  tag?: string,
  timeoutMs = 5000,
): Promise<ParsedMail> => {
  const started = Date.now();
  for (;;) {
    const mails = await mailsTo(dataDir, email, tag);
    if (mails.length) return mails.at(-1)!;
    if (Date.now() - started > timeoutMs)
      throw new Error(`No email to ${email}${tag ? ` tagged ${tag}` : ''} in the outbox`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

export const latestVerificationCode = async (dataDir: string, email: string): Promise<string> => {
  const mail = await latestMailTo(dataDir, email, 'verification-code');
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error('The verification email has no 6-digit code');
  return code;
};

export const latestResetLink = async (dataDir: string, email: string): Promise<string> => {
  const mail = await latestMailTo(dataDir, email, 'password-reset');
  const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error('The reset email has no link');
  return link;
};
