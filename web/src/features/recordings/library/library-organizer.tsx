import type { Library } from '@scrivo/contracts/library/library.contract';
import { useId } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { LabelManager } from './label-manager';
import { type LibrarySpace, useSetDefaultFolder } from '../api/library';

/**
 * The library's folders and tags, managed in one panel, with the folder new uploads go to (one's own library only:
 * a workspace's folders and tags are shared by its members, and its uploads go to the uploader's own default).
 */
export function LibraryOrganizer({ library, space = null }: { library: Library; space?: LibrarySpace }) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-4 sm:flex-row">
        <LabelManager kind="folder" labels={library.folders} space={space} />
        <LabelManager kind="tag" labels={library.tags} space={space} />
      </div>
      {space === null && <DefaultFolder library={library} />}
    </div>
  );
}

function DefaultFolder({ library }: { library: Library }) {
  const id = useId();
  const setDefault = useSetDefaultFolder();
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-medium sm:w-80" htmlFor={`${id}-default`}>
        Folder for new uploads
        <select
          id={`${id}-default`}
          value={library.defaultFolderId ?? ''}
          onChange={(e) => setDefault.mutate(e.target.value || null)}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 font-normal"
        >
          <option value="">No folder</option>
          {library.folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      {setDefault.isError && (
        <p role="alert" className="text-sm text-red-900">
          {errorMessage(setDefault.error)}
        </p>
      )}
    </>
  );
}
