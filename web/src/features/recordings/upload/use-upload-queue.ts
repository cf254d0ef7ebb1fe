import { useEffect, useSyncExternalStore } from 'react';
import { uploadQueueFor } from './upload-queue';

/** The signed-in person's upload queue, restored from before a reload on first use. */
export const useUploadQueue = (userId: string) => {
  const queue = uploadQueueFor(userId);
  const items = useSyncExternalStore(queue.subscribe, queue.snapshot);
  useEffect(() => {
    void queue.restore();
  }, [queue]);
  return { queue, items };
};
