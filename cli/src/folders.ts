import type { Session } from './client';
import { refusal } from './errors';

/** The id of the folder with this name (names are unique whatever the case), made when there is none. */
export const folderNamed = async (session: Session, name: string): Promise<string> => {
  const library = await session.api.library.get();
  if (library.status !== 200) throw refusal('Library', library.status, library.body);
  const found = library.body.folders.find((f) => f.name.toLowerCase() === name.toLowerCase());
  if (found) return found.id;
  const created = await session.api.library.createFolder({ body: { name } });
  if (created.status !== 201) throw refusal(`Folder "${name}"`, created.status, created.body);
  return created.body.id;
};

export const fileInto = async (session: Session, recordingId: string, folderId: string): Promise<void> => {
  const moved = await session.api.library.move({ body: { recordingIds: [recordingId], folderId } });
  if (moved.status !== 204) throw refusal('Filing into the folder', moved.status, moved.body);
};
