import type { WorkspaceSummary } from '@scrivo/contracts';
import { useCurrentSpace } from '../../hooks/use-current-space';
import { useWorkspaces } from './api/workspaces';

/**
 * The workspace chosen in the header's switcher with the caller's role there, or null for the personal space (and
 * while the list loads, or when the chosen workspace is no longer one of the caller's). Route files hand it to the
 * library and the upload, which are another feature's.
 */
export const useCurrentWorkspace = (): WorkspaceSummary | null => {
  const [space] = useCurrentSpace();
  const workspaces = useWorkspaces();
  if (space === null) return null;
  return workspaces.data?.workspaces.find((workspace) => workspace.id === space) ?? null;
};
