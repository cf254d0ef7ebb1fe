/**
 * Every captured frame is kept in IndexedDB until the server acknowledges it, so a dropped connection or a reload
 * loses no audio: on reconnect the frames after the server's last stored one are sent again.
 */
const DB_NAME = 'scrivo-live';
const STORE = 'frames';

export interface StoredFrame {
  readonly sessionId: string;
  readonly sequence: number;
  readonly pcm: ArrayBuffer;
}

const open = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(STORE, { keyPath: ['sessionId', 'sequence'] });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });

const done = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
  });

export class FrameStore {
  private db: Promise<IDBDatabase> | null = null;

  private database(): Promise<IDBDatabase> {
    this.db ??= open();
    return this.db;
  }

  async put(frame: StoredFrame): Promise<void> {
    const tx = (await this.database()).transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(frame);
    await done(tx);
  }

  /** Frames of the session after `afterSequence`, in order. */
  async after(sessionId: string, afterSequence: number): Promise<StoredFrame[]> {
    const tx = (await this.database()).transaction(STORE, 'readonly');
    const range = IDBKeyRange.bound([sessionId, afterSequence + 1], [sessionId, Number.MAX_SAFE_INTEGER]);
    const request = tx.objectStore(STORE).getAll(range);
    return new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result as StoredFrame[]);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
    });
  }

  /** The highest frame kept for the session (0 when none). */
  async lastSequence(sessionId: string): Promise<number> {
    const tx = (await this.database()).transaction(STORE, 'readonly');
    const range = IDBKeyRange.bound([sessionId, 0], [sessionId, Number.MAX_SAFE_INTEGER]);
    const request = tx.objectStore(STORE).openCursor(range, 'prev');
    return new Promise((resolve, reject) => {
      request.onsuccess = () => {
        const cursor = request.result;
        resolve(cursor ? (cursor.value as StoredFrame).sequence : 0);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
    });
  }

  /** Forgets the frames the server has stored (up to and including `sequence`). */
  async acknowledge(sessionId: string, sequence: number): Promise<void> {
    const tx = (await this.database()).transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(IDBKeyRange.bound([sessionId, 0], [sessionId, sequence]));
    await done(tx);
  }
}
