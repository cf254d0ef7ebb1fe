// The browsing users, driven by autocannon (raw HTTP at a held rate: the typed client cannot pace hundreds of
// users from one process). One autocannon instance per route class, so each class has its own latencies; each
// request takes a random seeded user (their session cookie) and one of that user's recordings.
import autocannon from 'autocannon';
import type { SeededUser } from './seed';
import type { StatsBook } from './stats';

/** A person reading: one API call every 4 s on average (a page view of two or three calls every 10 s or so). */
export const DEFAULT_REQUESTS_PER_USER_SECOND = 0.25;

interface Target {
  readonly cookie?: string;
  readonly id: string;
  readonly shareToken: string;
}

/** What a route class asks for, given one user's recording. */
interface RouteClass {
  readonly name: string;
  /** Share of the browsing calls that are of this class. */
  readonly weight: number;
  readonly paths: readonly ((target: Target) => string)[];
  /** Share-link visitors have no session. */
  readonly anonymous?: boolean;
}

const SEARCH_WORDS = ['the', 'and', 'said', 'time', 'little', 'house', 'night'];

const ROUTE_CLASSES: readonly RouteClass[] = [
  { name: 'library', weight: 0.3, paths: [() => '/api/library', () => '/api/recordings?page=1&pageSize=20'] },
  {
    name: 'search',
    weight: 0.15,
    paths: [() => `/api/recordings?q=${SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)]}`],
  },
  {
    name: 'transcript',
    weight: 0.3,
    paths: [({ id }) => `/api/recordings/${id}`, ({ id }) => `/api/recordings/${id}/transcript`],
  },
  {
    name: 'export',
    weight: 0.1,
    paths: [
      ({ id }) => `/api/recordings/${id}/export?format=srt`,
      ({ id }) => `/api/recordings/${id}/export?format=txt`,
    ],
  },
  {
    name: 'share-link view',
    weight: 0.15,
    paths: [({ shareToken }) => `/api/shared/${shareToken}`],
    anonymous: true,
  },
];

export const BROWSING_CLASSES = ROUTE_CLASSES.map((c) => c.name);

/** A socket error's code (ECONNRESET...), else its message: autocannon reports a timeout as an Error too. */
const errorKind = (error: unknown): string => {
  if (!(error instanceof Error)) return 'unknown';
  return 'code' in error && typeof error.code === 'string' ? error.code : error.message;
};

const targetOf = (users: readonly SeededUser[]): Target => {
  const user = users[Math.floor(Math.random() * users.length)]!;
  const recording = user.recordings[Math.floor(Math.random() * user.recordings.length)]!;
  return { cookie: user.client.cookieHeader, id: recording.id, shareToken: recording.shareToken };
};

/**
 * Runs the browsing users for `seconds`, recording every answer in `book` under its class (with `prefix`).
 * autocannon holds a rate per connection of at least one call a second, so a class gets as many connections as
 * calls per second: a connection whose answer is late sends its next call late, as a person waiting for a page.
 */
export const browse = async (options: {
  /** The API replicas: each class's calls are shared evenly between them. */
  readonly urls: readonly string[];
  readonly users: readonly SeededUser[];
  readonly browsingUsers: number;
  readonly requestsPerUserSecond: number;
  readonly seconds: number;
  readonly book: StatsBook;
  readonly prefix?: string;
}): Promise<void> => {
  const total = options.browsingUsers * options.requestsPerUserSecond;
  await Promise.all(
    ROUTE_CLASSES.flatMap((routeClass) =>
      options.urls.map(
        (url) =>
          new Promise<void>((done, fail) => {
            const rate = Math.max(1, Math.round((total * routeClass.weight) / options.urls.length));
            const stats = options.book.of(`${options.prefix ?? ''}${routeClass.name}`);
            const instance = autocannon(
              {
                url,
                connections: rate,
                overallRate: rate,
                duration: options.seconds,
                timeout: 30,
                requests: routeClass.paths.map((path) => ({
                  method: 'GET',
                  setupRequest: (request: autocannon.Request) => {
                    const target = targetOf(options.users);
                    return {
                      ...request,
                      path: path(target),
                      headers: routeClass.anonymous || !target.cookie ? {} : { cookie: target.cookie },
                    };
                  },
                })),
              },
              (error) => (error ? fail(error) : done()),
            );
            instance.on('response', (_client, status, _bytes, responseTime) =>
              stats.record(status, responseTime),
            );
            instance.on('reqError', (error: unknown) => stats.recordTransportError(errorKind(error)));
          }),
      ),
    ),
  );
};
