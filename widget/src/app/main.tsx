/** @jsxImportSource preact */
import { render } from 'preact';
import { App } from './app';
import './styles.css';

const params = new URLSearchParams(location.search);
const siteKey = params.get('siteKey') ?? '';
const hostOrigin = params.get('origin') ?? '';
const root = document.getElementById('root')!;

/**
 * The frame runs only for the page that embeds it: the origin it was given must be its real parent's (Chromium
 * and Safari expose ancestorOrigins; elsewhere CSP frame-ancestors on frame.html already enforces it).
 */
const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
const parentOrigin = ancestors && ancestors.length ? ancestors[0] : null;
if (
  window.parent === window ||
  !siteKey ||
  !/^https?:\/\//.test(hostOrigin) ||
  (parentOrigin && parentOrigin !== hostOrigin)
) {
  root.textContent = 'This chat can only be used on the website it was set up for.';
} else {
  render(<App siteKey={siteKey} hostOrigin={hostOrigin} initialPage={params.get('page') ?? '/'} />, root);
}
