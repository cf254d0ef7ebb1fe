import { CHAT_TOKEN_HEADER } from '@scrivo/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_CONFIG, type ChatConfig } from './chat-config';
import { SiteRegistry } from './site-registry';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/**
 * Express routes the chat needs ahead of everything else, mounted while the Nest container is built (before
 * create-app adds the SPA fallback, which would otherwise answer /widget/* with the web app):
 * - /widget/widget.js, /widget/frame.html, /widget/assets/*: the built widget, with the security headers every
 *   response gets (create-app). frame.html may be framed only by the site's allowed origins (CSP
 *   frame-ancestors), which is what stops the widget on any other site; widget.js may be loaded by any page.
 * - CORS for /api/chat/*: only origins some site allows get Access-Control-Allow-Origin; other origins with an
 *   Origin header are refused outright.
 */
@Injectable()
export class WidgetRoutes {
  constructor(
    adapterHost: HttpAdapterHost,
    @Inject(CHAT_CONFIG) private readonly config: ChatConfig,
    private readonly sites: SiteRegistry,
  ) {
    const app = adapterHost.httpAdapter?.getInstance<Express>();
    if (!app) return;
    app.use('/api/chat', (req, res, next) => void this.cors(req, res, next).catch(next));
    app.use('/widget', this.widget());
  }

  private async cors(req: Request, res: Response, next: NextFunction): Promise<void> {
    const origin = req.headers.origin;
    if (!origin || origin === 'null' || this.sites.isOwnOrigin(origin)) return next();
    const allowed = await this.sites.anyAllows(origin);
    res.setHeader('Vary', 'Origin');
    if (allowed) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Headers', `content-type, ${CHAT_TOKEN_HEADER}`);
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.setHeader('Access-Control-Max-Age', '600');
    }
    if (req.method === 'OPTIONS') {
      res.status(allowed ? 204 : 403).end();
      return;
    }
    if (!allowed) {
      const message = 'This website is not allowed to use this chat.';
      res.status(403).json({ error: message, code: 'ORIGIN_NOT_ALLOWED', message });
      return;
    }
    next();
  }

  private widget() {
    const dist = this.config.SCRIVO_WIDGET_DIST;
    const router = express.Router();
    router.get('/widget.js', (_req, res) => {
      const file = join(dist, 'widget.js');
      if (!existsSync(file)) return void res.status(404).type('text/plain').send('The widget is not built.');
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.type('application/javascript').send(readFileSync(file));
    });
    router.get('/frame.html', (req, res, next) => void this.frame(dist, req, res).catch(next));
    router.use(
      '/assets',
      express.static(join(dist, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: false,
      }),
    );
    return router;
  }

  private async frame(dist: string, req: Request, res: Response): Promise<void> {
    const siteKey = typeof req.query.siteKey === 'string' ? req.query.siteKey : '';
    const site = await this.sites.get(siteKey);
    const file = join(dist, 'frame.html');
    res.setHeader('Cache-Control', 'no-cache');
    if (!site || !existsSync(file)) {
      res
        .status(404)
        .type('text/html')
        .send(`<!doctype html><p>Unknown chat site ${escapeHtml(siteKey)}</p>`);
      return;
    }
    const ancestors = ["'self'", ...site.allowedOrigins].join(' ');
    // The global headers (create-app) forbid framing by other sites; this page is meant to be framed by the
    // site's origins. X-Frame-Options cannot list them, so frame-ancestors alone decides here.
    res.removeHeader('X-Frame-Options');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; ` +
        `object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`,
    );
    res.type('text/html').send(readFileSync(file));
  }
}
