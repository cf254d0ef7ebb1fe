import type { UploadOptions } from 'tus-js-client';
import type { TestClient } from './http-client';
import type { TestApp } from './test-app';

/** tus-js-client in Node, as the browser uses it: session cookie, CSRF header, 4 MB chunks. */
export const tusOptions = (
  app: TestApp,
  client: TestClient,
  extra: Partial<UploadOptions>,
): UploadOptions => ({
  endpoint: `${app.url}/api/uploads`,
  chunkSize: 4 * 1024 * 1024,
  retryDelays: [],
  headers: {
    cookie: client.cookieHeader,
    'X-CSRF-Token': /scrivo_csrf=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '',
  },
  metadata: { filename: 'long-meeting.wav', filetype: 'audio/wav', title: 'Long meeting' },
  ...extra,
});
