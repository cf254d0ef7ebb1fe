import { Link } from '@tanstack/react-router';
import { useAdminSignOut } from './use-admin-sign-out';
import { Button } from '../ui/button';

const linkClass = 'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100';
const activeClass = 'bg-slate-900 text-white hover:bg-slate-900';

/** The one navigation of the admin area: users and plans, workspaces, the support chat queue, auditors, sign out. */
export function AdminNav() {
  const signOut = useAdminSignOut();
  return (
    <nav aria-label="Admin" className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-2">
      <span className="mr-2 font-bold text-slate-900">Scrivo admin</span>
      <Link to="/admin/users" className={linkClass} activeProps={{ className: activeClass }}>
        Users
      </Link>
      <Link to="/admin/workspaces" className={linkClass} activeProps={{ className: activeClass }}>
        Workspaces
      </Link>
      <Link to="/admin/chat" className={linkClass} activeProps={{ className: activeClass }}>
        Support chat
      </Link>
      <Link to="/admin/auditors" className={linkClass} activeProps={{ className: activeClass }}>
        Auditors
      </Link>
      <Button
        variant="unstyled"
        onClick={() => void signOut()}
        className="ml-auto rounded-lg border border-slate-300 px-3 py-1 text-sm"
      >
        Sign out
      </Button>
    </nav>
  );
}
