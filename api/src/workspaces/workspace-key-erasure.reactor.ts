import type { KeyStore, Reactor } from '@scrivo/domain';
import { workspaceGlossaryOwner } from '@scrivo/domain/vocabulary';
import type { WorkspaceDeleted } from '@scrivo/domain/workspaces';

/**
 * A deleted workspace's own key is erased: what its members kept together under it (the glossary's names and terms,
 * the voices they remembered) reads "[erased]" in every event and replay from then on, as a departing person's data
 * does. The recordings are their uploaders' (sealed with each uploader's key) and stay theirs. Erasing an erased key
 * changes nothing, so a repeat after a crash is harmless.
 */
export const workspaceKeyErasureReactor = (deps: { readonly keys: KeyStore }): Reactor => ({
  name: 'workspace-key-erasure',
  eventTypes: ['WorkspaceDeleted'],
  async react(event) {
    const { workspaceId } = event.data as WorkspaceDeleted['data'];
    await deps.keys.erase(workspaceGlossaryOwner(workspaceId));
  },
});
