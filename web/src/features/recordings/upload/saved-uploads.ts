/**
 * Unfinished uploads kept in IndexedDB, file included, so that after a page reload (or a crash) they resume by
 * themselves. tus-js-client keeps the upload URL for the file's fingerprint in localStorage; this keeps the
 * bytes. When the browser refuses to store the file (quota, private mode) only the details are kept and the
 * person is asked to choose the file again.
 */
export interface SavedUpload {
  key: string;
  userId: string;
  fileName: string;
  size: number;
  lastModified: number;
  title: string;
  language: string;
  translate: boolean;
  /** The number of people speaking, or "" (absent on uploads saved before it could be said) to estimate. */
  speakers?: string;
  /** This recording's own names and terms (comma-separated) and a line about it; absent on older saves. */
  terms?: string;
  context?: string;
  /** The workspace it goes into; absent: the personal space (and on uploads saved before workspaces). */
  workspaceId?: string;
  recordingId: string | null;
  file: File | null;
}

const DB = 'scrivo-uploads';
const STORE = 'uploads';

const open = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const run = async <T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> => {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
};

export const savedUploads = {
  async list(userId: string): Promise<SavedUpload[]> {
    try {
      const all = await run<SavedUpload[]>(
        'readonly',
        (store) => store.getAll() as IDBRequest<SavedUpload[]>,
      );
      return all.filter((upload) => upload.userId === userId);
    } catch {
      return [];
    }
  },

  /** Saves the details and, if the browser allows, the file. */
  async save(upload: SavedUpload): Promise<void> {
    try {
      await run('readwrite', (store) => store.put(upload));
    } catch {
      try {
        await run('readwrite', (store) => store.put({ ...upload, file: null }));
      } catch {
        // No IndexedDB at all: the upload still runs, it just cannot survive a reload.
      }
    }
  },

  async update(key: string, change: Partial<SavedUpload>): Promise<void> {
    try {
      const current = await run<SavedUpload | undefined>(
        'readonly',
        (store) => store.get(key) as IDBRequest<SavedUpload | undefined>,
      );
      if (current) await run('readwrite', (store) => store.put({ ...current, ...change }));
    } catch {
      // see save()
    }
  },

  async remove(key: string): Promise<void> {
    try {
      await run('readwrite', (store) => store.delete(key));
    } catch {
      // nothing stored, nothing to remove
    }
  },
};
