import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/')({ component: Home });

function Home() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col items-center justify-center gap-6 p-6 text-center">
      <h1 className="text-4xl font-bold tracking-tight">Scrivo</h1>
      <p className="text-lg text-slate-600">
        Accurate transcripts of your audio and video, on a server you control.
      </p>
      <Link to="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
        Get started
      </Link>
    </main>
  );
}
