import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors';

export interface Login {
  readonly url: string;
  readonly apiKey: string;
}

/** `$SCRIVO_CONFIG_DIR`, else the user's config folder (`$XDG_CONFIG_HOME` or ~/.config) /scrivo. */
export const configDir = (): string =>
  process.env.SCRIVO_CONFIG_DIR ?? join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'scrivo');

const loginFile = () => join(configDir(), 'login.json');

/** The key is a secret: the folder is the user's alone (0700) and the file readable by them only (0600). */
export const saveLogin = async (login: Login): Promise<string> => {
  await mkdir(configDir(), { recursive: true, mode: 0o700 });
  const file = loginFile();
  await writeFile(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
};

/** `$SCRIVO_URL` and `$SCRIVO_API_KEY` (for scripts and CI) win over the saved login. */
export const loadLogin = async (): Promise<Login> => {
  const fromEnv = { url: process.env.SCRIVO_URL, apiKey: process.env.SCRIVO_API_KEY };
  if (fromEnv.url && fromEnv.apiKey) return { url: fromEnv.url, apiKey: fromEnv.apiKey };
  try {
    const saved = JSON.parse(await readFile(loginFile(), 'utf8')) as Partial<Login>;
    if (typeof saved.url === 'string' && typeof saved.apiKey === 'string')
      return { url: saved.url, apiKey: saved.apiKey };
  } catch {
    // No saved login: said below.
  }
  throw new CliError(
    'Not signed in: run `scrivo login --url <server>` with an API key from Account > Developer.',
  );
};
