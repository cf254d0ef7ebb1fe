import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built React app: hashed assets with a long cache, and index.html for every other GET outside /api
 * so client-side routes (and unknown paths, which the SPA answers with its not-found page) load the app.
 */
export const serveSpa = (app: Express, distDir: string): boolean => {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  app.use(
    '/assets',
    express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
  );
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Anything that reads as an API path, however spelled (`/API/...`, `//api/...`, the OpenAI-compatible
    // `/v1/...`), is the API's 404, not the app's HTML: a 200 page there would look like a route that answered.
    if (/^\/+(api|v1)(\/|$)/i.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // Share-link pages stay out of search engines and send no Referer with the token to other sites.
    if (req.path.startsWith('/s/')) {
      res.setHeader('X-Robots-Tag', 'noindex, nofollow, noarchive');
      res.setHeader('Referrer-Policy', 'no-referrer');
    }
    res.sendFile(index);
  });
  return true;
};
