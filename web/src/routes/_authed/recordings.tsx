import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LibraryPage } from '../../features/recordings/library-page';
import {
  fullLibrarySearch,
  parseLibrarySearch,
  type LibrarySearch,
} from '../../features/recordings/library-search';
import { useWorkspaces } from '../../features/workspaces/api/workspaces';
import { useCurrentWorkspace } from '../../features/workspaces/use-current-workspace';

export const Route = createFileRoute('/_authed/recordings')({
  validateSearch: parseLibrarySearch,
  component: Library,
});

function Library() {
  const search = fullLibrarySearch(Route.useSearch());
  const navigate = Route.useNavigate();
  // The space chosen in the header (the workspaces feature's) picks whose recordings the library lists.
  const workspace = useCurrentWorkspace();
  const spaces = useWorkspaces().data?.workspaces;
  const onSearch = useCallback(
    (change: Partial<LibrarySearch>) =>
      void navigate({ search: (previous) => parseLibrarySearch({ ...previous, ...change }), replace: true }),
    [navigate],
  );
  return <LibraryPage search={search} onSearch={onSearch} workspace={workspace} spaces={spaces} />;
}
