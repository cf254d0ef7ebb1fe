import type { Request } from 'express';

/** This API's own origin as the browser sees it (behind a loopback proxy, from the forwarded headers). */
export const ownOrigin = (req: Request): string => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
