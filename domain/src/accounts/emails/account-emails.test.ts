import { describe, expect, it } from 'vitest';
import { passwordResetEmail, verificationCodeEmail } from './account-emails';

describe('account emails', () => {
  it('sends the verification code in the text, the HTML and the subject, in the user language', () => {
    const en = verificationCodeEmail('ada@example.com', '482913', 'en');
    expect(en.subject).toBe('Your Scrivo verification code: 482913');
    expect(en.text).toContain('482913');
    expect(en.html).toContain('482913');
    expect(en.html).toContain('<html lang="en">');
    expect(verificationCodeEmail('a@b.co', '1', 'es').subject).toContain('Tu código de verificación');
    expect(verificationCodeEmail('a@b.co', '1', 'fr').text).toContain('Le code est valable 10 minutes.');
  });
  it('escapes what goes into the HTML', () => {
    const mail = passwordResetEmail('a@b.co', 'https://x.test/reset-password?token=a"><script>', 'en');
    expect(mail.html).not.toContain('"><script>');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;');
    expect(mail.text).toContain('Set a new password: https://x.test/reset-password?token=a"><script>');
  });
});
