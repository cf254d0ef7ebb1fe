import type { PreviousUpload, UrlStorage } from 'tus-js-client';

declare module 'tus-js-client' {
  /**
   * The Node build's store of upload addresses, a JSON file (tus-js-client lib/node/urlStorage.js), which the
   * package exports at run time but leaves out of its types.
   */
  export class FileUrlStorage implements UrlStorage {
    constructor(filePath: string);
    findAllUploads(): Promise<PreviousUpload[]>;
    findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]>;
    removeUpload(urlStorageKey: string): Promise<void>;
    addUpload(fingerprint: string, upload: PreviousUpload): Promise<string>;
  }
}
