// Translation benchmark: speed (segments per second) and chrF on scrivo-meetings-parallel-v1, for the local
// language model (Spanish->English, French->German) and Whisper's speech-to-English (Spanish audio). Run from
// the repository root (see bench/README.md):
//   node --conditions=source --import tsx bench/translation/run.ts
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchLanguageModel } from '@scrivo/adapters/testing/language-model-process';
import { LocalLanguageModel } from '@scrivo/adapters/language-models/local-language-model';
import { LanguageModelTranslator } from '@scrivo/adapters/translation/language-model-translator';

const here = import.meta.dirname;
const root = join(here, '../..');
const parallel = JSON.parse(readFileSync(join(here, 'parallel.json'), 'utf8')) as {
  name: string;
  'es-en': [string, string][];
  'fr-de': [string, string][];
};

const benchPython = execFileSync('bash', [join(here, 'setup.sh')])
  .toString()
  .trim();
const chrf = (hypotheses: string[], references: string[]): number =>
  (
    JSON.parse(
      execFileSync(benchPython, [join(here, 'chrf.py')], {
        input: JSON.stringify({ hypotheses, references }),
      }).toString(),
    ) as { chrf: number }
  ).chrf;

const main = async () => {
  const rows: {
    path: string;
    pair: string;
    segments: number;
    seconds: number;
    perSecond: number;
    chrf: number;
  }[] = [];
  const service = await launchLanguageModel();
  try {
    const translator = new LanguageModelTranslator(new LocalLanguageModel({ url: service.url }));
    for (const [pair, source, target] of [
      ['es-en', 'es', 'en'],
      ['fr-de', 'fr', 'de'],
    ] as const) {
      const pairs = parallel[pair];
      const started = performance.now();
      const out = await translator.translate({ texts: pairs.map(([s]) => s), source, target });
      const seconds = (performance.now() - started) / 1000;
      rows.push({
        path: 'local model (machine draft)',
        pair,
        segments: pairs.length,
        seconds: Math.round(seconds * 10) / 10,
        perSecond: Math.round((pairs.length / seconds) * 100) / 100,
        chrf: chrf(
          out,
          pairs.map(([, r]) => r),
        ),
      });
      process.stderr.write(`${pair}: ${JSON.stringify(out.slice(0, 3))}\n`);
    }
  } finally {
    await service.stop();
  }
  const whisper = JSON.parse(
    execFileSync(join(root, 'worker/.venv/bin/python'), [join(here, 'whisper_translate.py')]).toString(),
  ) as { hypotheses: string[]; seconds: number; audioSeconds: number };
  process.stderr.write(`whisper: ${JSON.stringify(whisper.hypotheses.slice(0, 3))}\n`);
  const es = parallel['es-en'];
  rows.push({
    path: 'Whisper speech-to-English (espeak-ng Spanish audio, base model)',
    pair: 'es-en',
    segments: es.length,
    seconds: Math.round(whisper.seconds * 10) / 10,
    perSecond: Math.round((es.length / whisper.seconds) * 100) / 100,
    chrf: chrf(
      whisper.hypotheses,
      es.map(([, r]) => r),
    ),
  });
  console.log(JSON.stringify({ corpus: parallel.name, rows }, null, 2));
  console.log('\n| Path | Pair | Segments | Time | Segments/s | chrF |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.path} | ${r.pair} | ${r.segments} | ${r.seconds} s | ${r.perSecond} | ${r.chrf} |`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
