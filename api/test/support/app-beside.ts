import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

/** A real process or server the app is pointed at for a test (a speech worker, stripe-mock, a model server). */
export interface Dependency {
  stop(): Promise<void>;
}

/**
 * The app of one describe block, started beside a real dependency: the dependency first, since the app's settings
 * name its address, then the app; after the block the app is closed before the dependency it may still be calling.
 * Either one that did not start is skipped on the way down, so a failed start reports its own error.
 * Read `app` and `dependency` inside the tests: they exist once beforeAll has run.
 */
export const appBeside = <D extends Dependency>(
  startDependency: () => Promise<D>,
  env: (dependency: D) => Record<string, string>,
  timeoutMs?: number,
): { readonly app: TestApp; readonly dependency: D } => {
  let dependency: D | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    dependency = await startDependency();
    app = await startTestApp(env(dependency));
  }, timeoutMs);
  afterAll(async () => {
    await app?.close();
    await dependency?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The app and its dependency start in beforeAll.');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get dependency() {
      return started(dependency);
    },
  };
};
