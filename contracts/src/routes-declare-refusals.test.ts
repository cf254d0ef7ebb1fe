import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { contract } from './index';

const routesOf = (router: AppRouter | AppRoute, name = ''): [string, AppRoute][] =>
  isAppRoute(router)
    ? [[name, router]]
    : Object.entries(router).flatMap(([key, child]) => routesOf(child, name ? `${name}.${key}` : key));

describe('the contract declares the answers its routes give', () => {
  // The server validates every query against its schema and answers 400 VALIDATION_FAILED to one that does not
  // fit (api/test/chat/bad-input.test.ts: the admin queue's page=1e300), so the typed client must know that answer.
  it.each(routesOf(contract).filter(([, route]) => route.query))(
    '%s takes a query and declares 400',
    (_, route) => {
      expect(Object.keys(route.responses)).toContain('400');
    },
  );
});
