import { contract } from '@scrivo/contracts';
import { type AppRouter, isAppRoute } from '@ts-rest/core';

export interface RouteCase {
  /** `contract.recordings.update`, or a name for routes outside the contract. */
  readonly name: string;
  readonly method: string;
  /** The template, with `:param` placeholders. */
  readonly path: string;
}

const walk = (router: AppRouter, prefix: readonly string[]): RouteCase[] =>
  Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value)
      ? [{ name: [...prefix, key].join('.'), method: value.method, path: value.path }]
      : walk(value, [...prefix, key]),
  );

/** Every route of the ts-rest contract: a route added there is covered by the security tests at once. */
export const contractRoutes: readonly RouteCase[] = walk(contract, ['contract']);

/** Routes served outside the contract (the tus protocol, the chat's event streams, Stripe's signed webhook). */
export const extraRoutes: readonly RouteCase[] = [
  { name: 'tus.create', method: 'POST', path: '/api/uploads' },
  { name: 'tus.head', method: 'HEAD', path: '/api/uploads/:uploadId' },
  { name: 'tus.get', method: 'GET', path: '/api/uploads/:uploadId' },
  { name: 'tus.patch', method: 'PATCH', path: '/api/uploads/:uploadId' },
  { name: 'tus.delete', method: 'DELETE', path: '/api/uploads/:uploadId' },
  { name: 'chat.visitorEvents', method: 'GET', path: '/api/chat/sessions/:sessionId/events' },
  { name: 'adminChat.events', method: 'GET', path: '/api/admin/chat/events' },
  { name: 'billing.stripeWebhook', method: 'POST', path: '/api/billing/stripe/webhook' },
];

export const allRoutes: readonly RouteCase[] = [...contractRoutes, ...extraRoutes];

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const paramsOf = (path: string): string[] => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

export const fill = (path: string, values: Readonly<Record<string, string>>): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}: add it to the test's ids`);
    return value;
  });

export interface Spelling {
  readonly label: string;
  readonly path: string;
}

/** Every ASCII character as %XX: what a router that decodes would read as the same id. */
const encodeAll = (s: string) =>
  [...s].map((ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * The ways one path can be spelled that a lax router, a decoding library or a prefix check might read as the
 * same resource: case, percent-encoded id characters, trailing slash, doubled slashes, an encoded slash.
 */
export const spellingsOf = (template: string, values: Readonly<Record<string, string>>): Spelling[] => {
  const path = fill(template, values);
  const ids = paramsOf(template).map((p) => values[p]!);
  const spellings: Spelling[] = [
    { label: 'as written', path },
    { label: 'upper case', path: path.toUpperCase() },
    { label: 'mixed-case prefix', path: path.replace(/^\/api\//, '/Api/') },
    { label: 'trailing slash', path: `${path}/` },
    { label: 'double leading slash', path: `/${path}` },
    { label: 'double inner slash', path: path.replace(/\/([^/]*)$/, '//$1') },
    { label: 'encoded last slash', path: path.replace(/\/([^/]*)$/, '%2F$1') },
  ];
  for (const id of ids) {
    spellings.push(
      {
        label: `id fully percent-encoded`,
        path: fill(template, { ...values, [nameOf(values, id)]: encodeAll(id) }),
      },
      {
        label: `id first character percent-encoded`,
        path: fill(template, { ...values, [nameOf(values, id)]: encodeAll(id.slice(0, 1)) + id.slice(1) }),
      },
      {
        label: `id with trailing slash encoded`,
        path: fill(template, { ...values, [nameOf(values, id)]: `${id}%2F` }),
      },
    );
  }
  return spellings;
};

const nameOf = (values: Readonly<Record<string, string>>, id: string) =>
  Object.entries(values).find(([, v]) => v === id)![0];
