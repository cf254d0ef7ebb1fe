import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Translator } from '@scrivo/domain';

const ISO_FROM_NLLB: Readonly<Record<string, string>> = {
  eng_Latn: 'en',
  spa_Latn: 'es',
  fra_Latn: 'fr',
  deu_Latn: 'de',
  ita_Latn: 'it',
  por_Latn: 'pt',
  nld_Latn: 'nl',
};

export interface TranslationServer {
  readonly url: string;
  readonly requests: number;
  close(): Promise<void>;
}

/**
 * A local server that speaks the Hugging Face translation task (`{inputs, parameters: {src_lang, tgt_lang}}` in,
 * `[{translation_text}]` out), as an Inference Endpoint running NLLB does, with a real engine behind it: the
 * Hugging Face adapter makes a real round trip here, since no hosted model can be reached from this machine.
 */
export const startTranslationServer = async (engine: Translator): Promise<TranslationServer> => {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests += 1;
      void (async () => {
        try {
          const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (typeof body !== 'object' || body === null || !('inputs' in body)) throw new Error('no inputs');
          const inputs = Array.isArray(body.inputs) ? body.inputs.map(String) : [String(body.inputs)];
          const parameters = 'parameters' in body ? body.parameters : null;
          const language = (key: 'src_lang' | 'tgt_lang') => {
            const value =
              typeof parameters === 'object' && parameters !== null
                ? String(Reflect.get(parameters, key) ?? '')
                : '';
            return ISO_FROM_NLLB[value] ?? value;
          };
          const texts = await engine.translate({
            texts: inputs,
            source: language('src_lang'),
            target: language('tgt_lang'),
          });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(texts.map((t) => ({ translation_text: t }))));
        } catch (error) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
