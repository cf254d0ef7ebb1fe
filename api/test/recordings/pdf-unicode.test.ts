import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechWorkerInstalled } from '@scrivo/adapters/testing/speech-worker-process';
import { bodyOf, expectStatus } from '../support/expect-status';
import { signedInClient } from '../support/sessions';
import { appWithSpeechWorker } from '../support/speech-app';
import { sharedAudio } from '@scrivo/adapters/testing/shared-audio';

const CLIPS = sharedAudio('picovoice-leopard-tests');

describe.skipIf(!speechWorkerInstalled())('PDF export of a non-Latin transcript', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'scrivo-pdf-'));
  });
  afterAll(() => {
    rmSync(tmp, { recursive: true, force: true });
  });
  const running = appWithSpeechWorker(undefined, 240_000);

  it('embeds a font with the Japanese characters the recogniser heard (text extractable with pdftotext)', async () => {
    const { client } = await signedInClient(running.app, { plan: 'premium' });
    const form = new FormData();
    form.set('file', new Blob([readFileSync(join(CLIPS, 'test_ja.wav'))]), 'test_ja.wav');
    form.set('title', '日本語のテスト');
    const created = await client.api.recordings.create({ body: form });
    expectStatus(created, 201);
    const id = created.body.id;
    const deadline = Date.now() + 400_000;
    let status = '';
    while (!['completed', 'failed'].includes(status) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      status = bodyOf(await client.api.recordings.get({ params: { id } }), 200).status;
    }
    expect(status).toBe('completed');
    const transcript = bodyOf(await client.api.recordings.transcript({ params: { id } }), 200);
    expect(transcript.language).toBe('ja');
    const kanjiAndKana = [...transcript.text].filter((c) =>
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(c),
    );
    expect(kanjiAndKana.length).toBeGreaterThan(5);

    const pdf = await fetch(`${running.app.url}/api/recordings/${id}/export?format=pdf`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(pdf.status).toBe(200);
    const file = join(tmp, 'ja.pdf');
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('日本語のテスト');
    const compact = text.replace(/\s+/g, '');
    for (const c of kanjiAndKana) expect(compact).toContain(c);
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/NotoSansCJK|DejaVu/);
  }, 600_000);
});
