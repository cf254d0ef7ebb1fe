// What `npm start` prints once the product answers: the few things a person needs next, in words, because the
// processes' own logs are JSON lines meant for machines.
import { join } from 'node:path';

/** Where start.mjs reaches the API itself: loopback whatever interface it listens on. */
export const localApiUrl = (env) => {
  const host = env.HOST ?? '127.0.0.1';
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host;
  return `http://${reachable}:${env.PORT ?? 3000}`;
};

/** Polls /api/health until `done(body)` holds or the time is up; resolves with the last answer (or null). */
export const waitForHealth = async (url, { done, timeoutMs, isStopping = () => false }) => {
  const deadline = Date.now() + timeoutMs;
  let last = null;
  while (Date.now() < deadline && !isStopping()) {
    try {
      const answer = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
      last = await answer.json();
      if (done(last)) return last;
    } catch {
      // Not listening yet: the API is still starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return last;
};

/** True once every engine the configuration relies on answers (or is not relied on). */
export const enginesSettled = (health) => (health?.engines ?? []).every((e) => e.ok || !e.required);

const PART_LABELS = {
  speech: 'speech recognition',
  languageModel: 'summaries and drafts',
  jobWorker: 'job worker',
};

const engineLines = (engines) => {
  const lines = [];
  for (const engine of engines) {
    const label = PART_LABELS[engine.name] ?? engine.name;
    if (engine.adapter === 'none') {
      lines.push(`  off  ${label}: ${engine.detail ?? 'turned off'}`);
      continue;
    }
    if (!engine.ok) {
      lines.push(`  off  ${label} (${engine.adapter}): ${engine.detail ?? 'not answering'}`);
      continue;
    }
    if (engine.parts.length === 0) lines.push(`  on   ${label} (${engine.adapter})`);
    for (const part of engine.parts) {
      lines.push(
        part.degraded
          ? `  on   ${part.part}: ${part.engine}, degraded: ${part.degraded}`
          : `  on   ${part.part}: ${part.engine}`,
      );
    }
    // An older speech worker does not say which diarizer it runs: say so rather than leave it out.
    if (
      engine.name === 'speech' &&
      engine.adapter === 'local' &&
      !engine.parts.some((p) => p.part === 'diarizer')
    )
      lines.push('  ?    diarizer: the speech worker does not report it');
  }
  return lines;
};

/** The banner's lines, from the settings `npm start` passed to the processes and the API's health answer. */
export const bannerLines = ({ env, dataDir, health }) => {
  const url = (env.SCRIVO_PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, '');
  const outbox = join(dataDir, 'outbox');
  const lines = [`Scrivo is running: ${url}`, ''];
  if ((env.SCRIVO_MAILER ?? 'outbox') === 'outbox') {
    lines.push(
      `Emails (sign-up codes, password resets) are not sent: each is a file in ${outbox}/`,
      `  read the newest: ls -t ${outbox}/*.eml | head -1 | xargs cat`,
    );
  } else {
    lines.push('Emails are sent through SMTP_URL.');
  }
  lines.push(
    'Administrator (support chat at /admin/chat, users at /admin/users):',
    '  set SCRIVO_ADMIN_EMAIL and SCRIVO_ADMIN_PASSWORD and run npm start again, or run',
    `  SCRIVO_DATA_DIR=${dataDir} node api/dist/accounts/cli/add-admin.js --email you@example.com`,
    '',
    'Engines:',
  );
  if (health?.engines) lines.push(...engineLines(health.engines));
  else lines.push('  (the API did not say: see the log above)');
  if (health && health.status !== 'ok')
    lines.push('', `Health is "${health.status}": ${url}/api/health says which part.`);
  lines.push('', 'Ctrl+C stops everything.');
  return lines;
};

export const formatBanner = (lines) => {
  const width = Math.min(100, Math.max(...lines.map((l) => l.length)) + 2);
  const rule = '─'.repeat(width);
  return [rule, ...lines.map((l) => (l ? ` ${l}` : '')), rule].join('\n');
};
