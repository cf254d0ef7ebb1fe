import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptBody } from '@scrivo/domain/recordings';
import type { TestClient } from '../support/http-client';
import { signedInClient } from '../support/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { completedRecording } from './support/completed-recording';

const LINES: [string, string][] = [
  ['Alice', 'Good morning, everyone, and thanks for joining.'],
  ['Alice', 'Let us start with the budget review.'],
  ['Bob', 'Sure, I have the numbers here.'],
  ['Bob', 'Revenue is up eight percent on last quarter.'],
  ['Bob', 'Costs are flat.'],
  ['Alice', 'That is good news.'],
  ['Alice', 'Any questions so far?'],
  ['Bob', 'None from me, please go on.'],
];

/** A 30 s meeting of two people, each speaking several lines in a row. */
export const MEETING: TranscriptBody = {
  language: 'en',
  languageProbability: 0.98,
  durationSeconds: 30,
  text: LINES.map(([, text]) => text).join(' '),
  segments: LINES.map(([speaker, text], i) => ({
    id: i,
    start: i * 3.75,
    end: i * 3.75 + 3.5,
    text: ` ${text}`,
    speaker,
    words: [],
  })),
  engine: 'test:fixed',
};

describe('the PDF export reads like a professional transcript', () => {
  let app: TestApp;
  let client: TestClient;
  let tmp: string;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'scrivo-pdf-layout-'));
    app = await startTestApp({ SCRIVO_IN_PROCESS_JOB_WORKER: 'false' });
    ({ client } = await signedInClient(app, { plan: 'premium' }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  const exported = async (id: string, query = ''): Promise<{ text: string; pages: number }> => {
    const res = await fetch(`${app.url}/api/recordings/${id}/export?format=pdf${query}`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(res.status).toBe(200);
    const file = join(tmp, `${id}${query.length}.pdf`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return {
      text: execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' }),
      pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    };
  };

  it('fits a 30 s meeting on one page, under a title block, with each turn named once', async () => {
    const id = await completedRecording(app, client, MEETING);
    const { text, pages } = await exported(id);
    expect(pages).toBe(1);
    expect(text).toContain('JFK inaugural');
    expect(text).toMatch(/Date\s+\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(text).toMatch(/Duration\s+30 s/);
    expect(text).toMatch(/Language\s+English/);
    expect(text).toMatch(/Speakers\s+Alice, Bob/);
    expect(text).toContain('Page 1 of 1');
    // Four turns (Alice, Bob, Alice, Bob): the name and the time once each, the lines of a turn together.
    const headings = [...text.matchAll(/^\s*(Alice|Bob)\s+(\d\d:\d\d:\d\d)\s*$/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(headings).toEqual(['Alice 00:00:00', 'Bob 00:00:07', 'Alice 00:00:18', 'Bob 00:00:26']);
    expect(text.replace(/\s+/g, ' ')).toContain('Sure, I have the numbers here. Revenue is up eight percent');
  });

  it('numbers every page of a long transcript', async () => {
    const long: TranscriptBody = {
      ...MEETING,
      durationSeconds: 1800,
      segments: Array.from({ length: 240 }, (_, i) => ({
        ...MEETING.segments[i % LINES.length]!,
        id: i,
        start: i * 7.5,
        end: i * 7.5 + 7,
      })),
    };
    const id = await completedRecording(app, client, long);
    const { text, pages } = await exported(id);
    expect(pages).toBeGreaterThan(2);
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`);
    expect(text).toMatch(/Duration\s+30 min 00 s/);
  });

  // SCRIVO_SCREENSHOTS=1 renders the first page of a real export into the README's walkthrough.
  it.skipIf(!process.env.SCRIVO_SCREENSHOTS)('renders docs/img/pdf-export.png', async () => {
    const id = await completedRecording(app, client, MEETING, 'Weekly product sync');
    const res = await fetch(`${app.url}/api/recordings/${id}/export?format=pdf`, {
      headers: { cookie: client.cookieHeader },
    });
    const file = join(tmp, 'screenshot.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const out = join(import.meta.dirname, '../../../docs/img/pdf-export');
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, out]);
  });

  it('leaves the names out when asked for no speakers', async () => {
    const id = await completedRecording(app, client, MEETING);
    const { text } = await exported(id, '&speakers=false&timestamps=false');
    expect(text).not.toMatch(/Alice|Bob/);
    expect(text).toContain('Page 1 of 1');
  });
});
