import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verificationCodeEmail } from '@scrivo/domain/accounts';
import { describe, expect, it } from 'vitest';
import { describeMailerConformance } from './mailer.conformance';
import { OutboxMailer } from './outbox-mailer';

const emlFiles = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.eml'))
    .map((f) => f.name)
    .sort();

describeMailerConformance('outbox (.eml files)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scrivo-outbox-'));
  const directory = join(dir, 'outbox');
  return {
    mailer: new OutboxMailer({ directory, from: 'Scrivo <no-reply@scrivo.test>' }),
    delivered: async () => {
      try {
        return emlFiles(directory).map((name) => readFileSync(join(directory, name)));
      } catch {
        return [];
      }
    },
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('OutboxMailer files', () => {
  it('creates the outbox folder, names files by time and recipient, readable only by the owner', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrivo-outbox-'));
    const directory = join(dir, 'nested', 'outbox');
    await new OutboxMailer({ directory, from: 'no-reply@scrivo.test' }).send(
      verificationCodeEmail('ada@example.com', '123456', 'en'),
    );
    const [name] = emlFiles(directory);
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-ada@example\.com-[0-9a-f]{8}\.eml$/);
    expect(statSync(join(directory, name!)).mode & 0o777).toBe(0o600);
    expect(readdirSync(directory).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a message to the longest valid address (the file name keeps only a short, safe part of it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrivo-outbox-'));
    const to = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(56)}.test`;
    expect(to.length).toBe(254);
    await new OutboxMailer({ directory: dir, from: 'no-reply@scrivo.test' }).send(
      verificationCodeEmail(to, '123456', 'en'),
    );
    const [name] = emlFiles(dir);
    expect(name!.length).toBeLessThan(120);
    expect(name).toContain(`-${'a'.repeat(64)}-`);
    expect(readFileSync(join(dir, name!), 'utf8')).toContain(to);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('OutboxMailer keeps messages only as long as they are needed', () => {
  const outbox = () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrivo-outbox-'));
    const directory = join(dir, 'outbox');
    const mailer = new OutboxMailer({ directory, from: 'no-reply@scrivo.test', retentionMs: 3600_000 });
    return { dir, directory, mailer };
  };

  it('deletes messages older than the retention, and keeps the newer ones', async () => {
    const { dir, directory, mailer } = outbox();
    await mailer.send(verificationCodeEmail('old@example.com', '111111', 'en'));
    const [old] = emlFiles(directory);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(directory, old!), twoHoursAgo, twoHoursAgo);
    await mailer.send(verificationCodeEmail('new@example.com', '222222', 'en'));
    expect(emlFiles(directory)).toEqual([expect.stringContaining('-new@example.com-')]);
    expect(await mailer.prune(Date.now() + 2 * 3600_000)).toBe(1);
    expect(emlFiles(directory)).toEqual([]);
    await mailer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("forgets every message to an erased person's address, and nobody else's", async () => {
    const { dir, directory, mailer } = outbox();
    await mailer.send(verificationCodeEmail('ada@example.com', '111111', 'en'));
    await mailer.send(verificationCodeEmail('ada@example.com', '222222', 'en'));
    await mailer.send(verificationCodeEmail('ada@example.com.au', '333333', 'en'));
    await mailer.send(verificationCodeEmail('grace@example.com', '444444', 'en'));
    await mailer.forget('Ada@example.com');
    const left = emlFiles(directory);
    expect(left).toHaveLength(2);
    expect(left.some((n) => n.includes('-grace@example.com-'))).toBe(true);
    expect(left.some((n) => n.includes('-ada@example.com.au-'))).toBe(true);
    await mailer.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
