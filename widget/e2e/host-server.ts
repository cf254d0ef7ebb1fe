import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny static "customer website" on its own localhost origin, serving one page. */
export const startHostPage = async (html: (origin: string) => string) => {
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/favicon')) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html(origin));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((done) => server.close(() => done())) };
};

/** The embed snippet a site owner pastes, plus hostile CSS that must not reach the widget. */
export const hostHtml = (apiUrl: string, siteKey = 'scrivo-app') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme</title>
<style>
  * { font-family: 'Comic Sans MS', cursive !important; color: rgb(185, 28, 28) !important; }
  button { background: lime !important; border: 5px dashed magenta !important; }
  iframe { display: none; opacity: 0.1; width: 1px; }
</style></head>
<body><h1>Acme widgets</h1>
<script>window.ScrivoChat = { q: [['setContextPage', '/acme/pricing']] };</script>
<script src="${apiUrl}/widget/widget.js" data-site-key="${siteKey}" async></script>
</body></html>`;
