import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { verificationCodeEmail } from '@scrivo/domain/accounts';
import { describeMailerConformance } from './mailer.conformance';
import { SmtpMailer } from './smtp-mailer';

interface RunningServer {
  readonly port: number;
  readonly received: Buffer[];
  readonly logins: string[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
const startSmtpServer = async (options: { requireAuth: boolean }): Promise<RunningServer> => {
  const received: Buffer[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !options.requireAuth,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'scrivo' && auth.password === 's3cret p@ss') {
        logins.push(auth.username);
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describeMailerConformance('SMTP (nodemailer against smtp-server on 127.0.0.1)', async () => {
  const server = await startSmtpServer({ requireAuth: true });
  const mailer = new SmtpMailer({
    url: `smtp://scrivo:${encodeURIComponent('s3cret p@ss')}@127.0.0.1:${server.port}`,
    from: 'Scrivo <no-reply@scrivo.test>',
  });
  return {
    mailer,
    delivered: async () => server.received,
    close: async () => {
      await mailer.close();
      await server.close();
    },
  };
});

describe('SmtpMailer', () => {
  it('authenticates with the credentials of the URL', async () => {
    const server = await startSmtpServer({ requireAuth: true });
    const mailer = new SmtpMailer({
      url: `smtp://scrivo:${encodeURIComponent('s3cret p@ss')}@127.0.0.1:${server.port}`,
      from: 'no-reply@scrivo.test',
    });
    await mailer.send(verificationCodeEmail('ada@example.com', '123456', 'en'));
    expect(server.logins).toEqual(['scrivo']);
    await mailer.close();
    await server.close();
  });

  it('fails the send (so the caller can report it) when the server refuses the login', async () => {
    const server = await startSmtpServer({ requireAuth: true });
    const mailer = new SmtpMailer({
      url: `smtp://scrivo:wrong@127.0.0.1:${server.port}`,
      from: 'no-reply@scrivo.test',
    });
    await expect(mailer.send(verificationCodeEmail('ada@example.com', '123456', 'en'))).rejects.toThrow(
      /Invalid/,
    );
    expect(server.received).toHaveLength(0);
    await mailer.close();
    await server.close();
  });
});
