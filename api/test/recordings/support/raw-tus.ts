import type { TestClient } from '../../support/http-client';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** tus by hand (creation, one PATCH at a time), to stop an upload exactly where a test needs it. */
export const rawTus = (baseUrl: string, client: TestClient) => {
  const headers = () => ({
    cookie: client.cookieHeader,
    'X-CSRF-Token': /scrivo_csrf=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '',
    'Tus-Resumable': '1.0.0',
  });
  return {
    async create(size: number, filename = 'jfk.wav') {
      const created = await fetch(`${baseUrl}/api/uploads`, {
        method: 'POST',
        headers: {
          ...headers(),
          'Upload-Length': String(size),
          'Upload-Metadata': `filename ${b64(filename)},title ${b64('Crash test')}`,
        },
      });
      return {
        status: created.status,
        url: new URL(created.headers.get('location') ?? '', baseUrl).toString(),
        recordingId: created.headers.get('x-recording-id') ?? '',
      };
    },
    patch(url: string, offset: number, bytes: Uint8Array) {
      return fetch(url, {
        method: 'PATCH',
        headers: {
          ...headers(),
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: bytes,
      });
    },
    head(url: string) {
      return fetch(url, { method: 'HEAD', headers: headers() });
    },
  };
};
