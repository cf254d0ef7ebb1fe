import { useEffect, useId } from 'react';
import { useCurrentSpace } from '../../hooks/use-current-space';
import { useWorkspaces } from './api/workspaces';

const PERSONAL = '';

/**
 * The header's choice of space: "Personal" and each workspace the account belongs to. It sets the current space
 * (hooks/use-current-space) that the library and the upload read. A workspace the account has left or lost is
 * no longer offered, and the choice falls back to the personal space.
 */
export function WorkspaceSwitcher() {
  const id = useId();
  const workspaces = useWorkspaces();
  const [space, setSpace] = useCurrentSpace();
  const list = workspaces.data?.workspaces;
  const known = space !== null && list?.some((workspace) => workspace.id === space);
  useEffect(() => {
    if (list && space !== null && !known) setSpace(null);
  }, [list, space, known, setSpace]);
  // Nobody shares a workspace yet: nothing to switch between, so the header stays as it was.
  if (!list || list.length === 0) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      {/* Visible where the header has room; the select keeps its name everywhere. */}
      <label htmlFor={`${id}-space`} className="font-medium text-slate-600 lg:sr-only xl:not-sr-only">
        Space
      </label>
      <select
        id={`${id}-space`}
        value={known ? space : PERSONAL}
        onChange={(event) => setSpace(event.currentTarget.value || null)}
        className="h-9 max-w-[10rem] rounded-lg border border-slate-300 bg-white px-2 text-slate-900"
      >
        <option value={PERSONAL}>Personal</option>
        {list.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name}
          </option>
        ))}
      </select>
    </div>
  );
}
