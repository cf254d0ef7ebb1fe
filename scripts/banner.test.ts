import { describe, expect, it } from 'vitest';
import { bannerLines, formatBanner, localApiUrl } from './banner.mjs';

const health = {
  status: 'degraded',
  engines: [
    {
      name: 'speech',
      adapter: 'local',
      ok: true,
      required: true,
      parts: [
        { part: 'speech model', engine: 'base' },
        { part: 'diarizer', engine: 'segmentation', degraded: 'the CAM++ model is missing' },
        { part: 'live captions (English)', engine: 'vosk' },
      ],
    },
    {
      name: 'languageModel',
      adapter: 'none',
      ok: true,
      required: false,
      detail: 'turned off (SCRIVO_LLM_ENGINE=none): no summaries or machine drafts',
      parts: [],
    },
    {
      name: 'jobWorker',
      adapter: 'separate',
      ok: false,
      required: true,
      detail: 'no heartbeat for 20 s',
      parts: [],
    },
  ],
};

describe('the banner npm start prints once the product answers', () => {
  const lines = bannerLines({ env: { PORT: '3000' }, dataDir: '/srv/scrivo/.data', health });

  it('gives the URL, where emails go and the command that reads the newest one', () => {
    expect(lines[0]).toBe('Scrivo is running: http://localhost:3000');
    expect(lines).toContain('  read the newest: ls -t /srv/scrivo/.data/outbox/*.eml | head -1 | xargs cat');
  });

  it('says how to create an administrator', () => {
    expect(lines.join('\n')).toContain('SCRIVO_ADMIN_EMAIL and SCRIVO_ADMIN_PASSWORD');
    expect(lines.join('\n')).toContain('node api/dist/accounts/cli/add-admin.js --email');
  });

  it('lists which engines are on, which run degraded and which are off, each with the reason', () => {
    expect(lines).toEqual(
      expect.arrayContaining([
        '  on   speech model: base',
        '  on   diarizer: segmentation, degraded: the CAM++ model is missing',
        '  on   live captions (English): vosk',
        '  off  summaries and drafts: turned off (SCRIVO_LLM_ENGINE=none): no summaries or machine drafts',
        '  off  job worker (separate): no heartbeat for 20 s',
      ]),
    );
    expect(lines.join('\n')).toContain('Health is "degraded"');
  });

  it('names the public URL when one is set, and reaches the API over loopback whatever HOST is', () => {
    const lan = bannerLines({
      env: { PORT: '3000', HOST: '0.0.0.0', SCRIVO_PUBLIC_URL: 'https://scrivo.example.com/' },
      dataDir: '/d',
      health: null,
    });
    expect(lan[0]).toBe('Scrivo is running: https://scrivo.example.com');
    expect(localApiUrl({ PORT: '3000', HOST: '0.0.0.0' })).toBe('http://127.0.0.1:3000');
  });

  it('frames the lines between two rules', () => {
    const text = formatBanner(['a', '', 'b']).split('\n');
    expect(text).toHaveLength(5);
    expect(text.slice(1, 4)).toEqual([' a', '', ' b']);
  });
});
