import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { LIVE_SOCKET_PATH } from '@scrivo/contracts';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { UserResolver } from '../common/auth/guards';
import { SESSION_COOKIE } from '../common/auth/session-store';
import { LiveConnection, type LiveConnectionDeps } from './live-connection';

const cookieValue = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

const refuseUpgrade = (socket: Duplex, status: number, message: string): void => {
  const body = JSON.stringify({ error: status === 401 ? 'Unauthorized' : 'Forbidden', message });
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

const bytesOf = (data: RawData): Uint8Array =>
  Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data;

/**
 * The live-recording WebSocket on the API's own HTTP server. The upgrade is refused unless it comes from this
 * site (Origin, the CSRF rule of every state-changing request) with a user's session cookie; each accepted
 * socket gets a LiveConnection.
 */
export class LiveSocketServer {
  private readonly wss = new WebSocketServer({
    noServer: true,
    // A frame larger than this is cut off by ws itself; smaller oversized ones get a clear refusal.
    maxPayload: 1024 * 1024,
  });

  constructor(
    private readonly deps: {
      readonly origins: readonly string[];
      readonly users: UserResolver;
      readonly connection: Omit<LiveConnectionDeps, 'correlationId'>;
    },
  ) {}

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== LIVE_SOCKET_PATH) return;
      void this.upgrade(req, socket, head);
    });
  }

  close(): void {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    // Node hands an upgrading socket over with no 'error' listener: a client that resets it while the session is
    // looked up would otherwise take the process down.
    const dropped = () => socket.destroy();
    socket.on('error', dropped);
    const origin = req.headers.origin?.toLowerCase();
    if (!origin || !this.deps.origins.includes(origin))
      return refuseUpgrade(socket, 403, 'Live recording is only available from this site.');
    const user = await this.deps.users
      .fromSessionCookie(cookieValue(req.headers.cookie, SESSION_COOKIE.user))
      .catch(() => null);
    if (!user) return refuseUpgrade(socket, 401, 'Sign in to record live.');
    if (socket.destroyed) return;
    this.wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      socket.off('error', dropped);
      const connection = new LiveConnection(
        {
          send: (message) => {
            if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
          },
          close: (code, reason) => ws.close(code, reason),
        },
        user,
        { ...this.deps.connection, correlationId: randomUUID() },
      );
      ws.on('message', (data: RawData, isBinary: boolean) => {
        if (isBinary) connection.onBinary(bytesOf(data));
        else connection.onText(Buffer.from(bytesOf(data)).toString('utf8'));
      });
      ws.on('close', () => connection.onClose());
      ws.on('error', () => ws.terminate());
    });
  }
}
