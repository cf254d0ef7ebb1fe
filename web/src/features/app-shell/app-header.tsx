import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useSignOut } from '../../hooks/use-sign-out';
import { Button } from '../../components/ui/button';

const links = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/recordings', label: 'Recordings' },
  { to: '/vocabulary', label: 'Vocabulary' },
  { to: '/voices', label: 'Voices' },
  { to: '/workspaces', label: 'Workspaces' },
  { to: '/account', label: 'Account' },
] as const;

const linkClass =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
const activeClass = 'bg-brand-50 text-brand-700';

/**
 * The signed-in header: logo, the space switcher (another feature's, handed in by the route), the places people
 * go, sign out. Collapses into a menu below the width all of them fit in (phones, small tablets).
 */
export function AppHeader({ spaceSwitcher }: { spaceSwitcher?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { signOut, pending: leaving } = useSignOut();
  const leave = () => void signOut();
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/dashboard"
          className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900"
        >
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          Scrivo
        </Link>
        {spaceSwitcher ? <div className="mr-auto hidden sm:block">{spaceSwitcher}</div> : null}
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {links.map(({ to, label }) => (
            <Link
              key={to}
              to={to}
              className={linkClass}
              activeProps={{ className: activeClass, 'aria-current': 'page' }}
            >
              {label}
            </Link>
          ))}
          <Button variant="unstyled" onClick={leave} disabled={leaving} className={`${linkClass} ml-2`}>
            {leaving ? 'Signing out…' : 'Sign out'}
          </Button>
        </nav>
        <Button
          variant="unstyled"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-expanded={open}
          aria-controls="app-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <span className="sr-only">Menu</span>
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Button>
      </div>
      {open && (
        <nav
          id="app-menu"
          aria-label="Main"
          className="flex flex-col gap-1 border-t border-slate-200 px-4 py-2 lg:hidden"
        >
          {spaceSwitcher ? <div className="py-2 sm:hidden">{spaceSwitcher}</div> : null}
          {links.map(({ to, label }) => (
            <Link
              key={to}
              to={to}
              onClick={() => setOpen(false)}
              className={linkClass}
              activeProps={{ className: activeClass, 'aria-current': 'page' }}
            >
              {label}
            </Link>
          ))}
          <Button variant="unstyled" onClick={leave} disabled={leaving} className={`${linkClass} text-left`}>
            {leaving ? 'Signing out…' : 'Sign out'}
          </Button>
        </nav>
      )}
    </header>
  );
}
