import type { Mailer } from '@scrivo/domain/accounts';
import { passwordResetEmail, verificationCodeEmail } from '@scrivo/domain/accounts';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

export interface MailerUnderTest {
  readonly mailer: Mailer;
  /** The raw RFC 5322 messages delivered so far, oldest first. */
  delivered(): Promise<Buffer[]>;
  close(): Promise<void>;
}

const lastParsed = async (subject: MailerUnderTest): Promise<ParsedMail> => {
  const all = await subject.delivered();
  expect(all.length).toBeGreaterThan(0);
  return simpleParser(all.at(-1)!);
};

/** The Mailer port's contract: what one adapter delivers, the recipient's mail client can read. */
export const describeMailerConformance = (name: string, create: () => Promise<MailerUnderTest>) => {
  describe(`Mailer conformance: ${name}`, () => {
    let subject: MailerUnderTest;
    beforeAll(async () => {
      subject = await create();
    });
    afterAll(async () => {
      await subject?.close();
    });

    it('delivers a message with its recipient, sender, subject, text and HTML parts', async () => {
      await subject.mailer.send(verificationCodeEmail('ada@example.com', '482913', 'en'));
      const mail = await lastParsed(subject);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null).toBe('ada@example.com');
      expect(mail.from?.value[0]?.address).toBe('no-reply@scrivo.test');
      expect(mail.subject).toBe('Your Scrivo verification code: 482913');
      expect(mail.text).toContain('482913');
      expect(mail.html || '').toContain('482913');
      expect(mail.headers.get('x-scrivo-tag')).toBe('verification-code');
    });

    it('keeps non-ASCII text intact (Spanish and French messages)', async () => {
      await subject.mailer.send(
        passwordResetEmail('zoé@example.com', 'https://scrivo.test/reset-password?token=abc', 'fr'),
      );
      const mail = await lastParsed(subject);
      expect(mail.subject).toBe('Réinitialisez votre mot de passe Scrivo');
      expect(mail.text).toContain("Le lien ne peut servir qu'une fois et reste valable 1 heure.");
      expect(mail.html || '').toContain('href="https://scrivo.test/reset-password?token=abc"');
    });

    it('delivers each message once, in order', async () => {
      const before = (await subject.delivered()).length;
      await subject.mailer.send(verificationCodeEmail('one@example.com', '111111', 'es'));
      await subject.mailer.send(verificationCodeEmail('two@example.com', '222222', 'es'));
      const all = await subject.delivered();
      expect(all.length).toBe(before + 2);
      const [one, two] = await Promise.all(all.slice(-2).map((raw) => simpleParser(raw)));
      expect(one?.subject).toBe('Tu código de verificación de Scrivo: 111111');
      expect(two?.subject).toBe('Tu código de verificación de Scrivo: 222222');
    });
  });
};
