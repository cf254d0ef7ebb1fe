import { createInterface } from 'node:readline/promises';
import { apiClient, reachable } from '../client';
import { saveLogin } from '../config';
import { CliError, refusal } from '../errors';

/** Reads the key from standard input: a prompt on a terminal, the first line of a pipe otherwise. */
const readKey = async (): Promise<string> => {
  const lines = createInterface({
    input: process.stdin,
    output: process.stdin.isTTY ? process.stderr : undefined,
  });
  try {
    const key = process.stdin.isTTY
      ? await lines.question('API key (Account > Developer on your Scrivo): ')
      : await new Promise<string>((resolve) => lines.once('line', resolve).once('close', () => resolve('')));
    return key.trim();
  } finally {
    lines.close();
  }
};

/** Checks the key against the server before keeping it: a wrong key is said now, not at the first upload. */
export const login = async (options: { url: string; key?: string }): Promise<void> => {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new CliError(`"${options.url}" is not a URL (e.g. https://scrivo.example.com).`, 2);
  }
  const apiKey = options.key ?? process.env.SCRIVO_API_KEY ?? (await readKey());
  if (!apiKey) throw new CliError('No API key given: create one under Account > Developer.', 2);
  const base = url.origin + url.pathname.replace(/\/+$/, '');
  const usage = await reachable(base, () => apiClient({ url: base, apiKey }).recordings.usage());
  if (usage.status !== 200) throw refusal('Sign-in refused', usage.status, usage.body);
  const file = await saveLogin({ url: base, apiKey });
  console.log(`Signed in to ${base} (key saved in ${file}, readable by you only).`);
};
