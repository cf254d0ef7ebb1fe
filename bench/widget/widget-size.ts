// Gzipped sizes of the built widget against its budgets (issue 7): the loader (widget.js) at most 5 KB, the app
// in the frame (frame.html + its JS and CSS) at most 60 KB. Build first: node scripts/build.mjs widget
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../../widget/dist');
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

export const measureWidget = () => {
  const assets = readdirSync(join(dist, 'assets')).map((f) => join(dist, 'assets', f));
  const loader = gz(join(dist, 'widget.js'));
  const app = gz(join(dist, 'frame.html')) + assets.reduce((sum, f) => sum + gz(f), 0);
  return { loader, app, budgets: { loader: 5 * 1024, app: 60 * 1024 } };
};

if (process.argv[1] === import.meta.filename) {
  const { loader, app, budgets } = measureWidget();
  console.log(`loader widget.js   ${kb(loader)} gzipped (budget ${kb(budgets.loader)})`);
  console.log(`app frame+js+css   ${kb(app)} gzipped (budget ${kb(budgets.app)})`);
  if (loader > budgets.loader || app > budgets.app) process.exitCode = 1;
}
