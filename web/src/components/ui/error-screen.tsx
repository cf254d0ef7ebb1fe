/** Shown when a page fails: the spec's 'Something went wrong' screen with a Refresh Page button. */
export function ErrorScreen() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-slate-600">We're sorry, but something unexpected happened.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        Refresh Page
      </button>
    </main>
  );
}

/** Shown when the code of a lazily loaded page cannot be fetched (for example after a deploy or offline). */
export function LazyLoadError() {
  return (
    <main className="flex min-h-[40vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">Error loading page</h1>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
      >
        Refresh Page
      </button>
    </main>
  );
}

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(
    error.message,
  );
