import type { Request } from 'express';

export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
