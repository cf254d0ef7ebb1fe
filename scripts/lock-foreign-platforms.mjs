// The npm registry reachable from our build machines serves only linux builds of some native packages
// (@swc/core-*, @rollup/rollup-*). npm then leaves the other platforms' optional packages out of
// package-lock.json, and `npm ci` refuses the lock as out of sync. This adds those entries as optional,
// platform-restricted packages, which npm ci skips on Linux and installs on the platforms they are for.
// Run after changing dependencies: node scripts/lock-foreign-platforms.mjs [path/to/package-lock.json]
// (the root lock by default; llm/package-lock.json for the local model service).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = process.argv[2] ?? join(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const osNames = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openbsd',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
];
const cpuNames = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'];

/** Package-name spellings of platforms (node-llama-cpp says mac and win). */
const osAliases = { mac: 'darwin', win: 'win32' };

let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const parent = path === '' ? '' : `${path}/`;
    const candidates = [`${parent}node_modules/${name}`, `node_modules/${name}`];
    if (candidates.some((c) => lock.packages[c])) continue;
    const parts = name.split('/').pop().split('-');
    const alias = Object.keys(osAliases).find((a) => parts.includes(a));
    const os = alias ? osAliases[alias] : osNames.find((o) => parts.includes(o));
    const cpu = cpuNames.find((c) => parts.includes(c) || parts.some((p) => p.startsWith(c) && c === 'arm'));
    if (!os || !cpu) continue;
    const entry = { version, optional: true, os: [os], cpu: [cpu] };
    if (parts.includes('musl') || parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl'];
    else if (os === 'linux') entry.libc = ['glibc'];
    lock.packages[`node_modules/${name}`] = entry;
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, 'en')),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional entries for other platforms`);
