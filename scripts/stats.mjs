#!/usr/bin/env node
// Prints the declaration-machinery figures of docs/extending.md (issue "the one-file promise"): how many
// declarations the generic routes and views serve, literal API paths in src/, casts and Number()
// conversions in server/, hand-written paging, and source files over 400 lines. Reads files only.
import fs from 'node:fs';
import path from 'node:path';
import { API_PATH_SOURCE } from './apiPaths.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const walk = (dir, out = []) => {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) walk(rel, out);
    else if (/\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith('.d.mts')) out.push(rel);
  }
  return out;
};
const read = (f) => fs.readFileSync(path.join(root, f), 'utf8');
const count = (files, re) => files.reduce((n, f) => n + (read(f).match(re) ?? []).length, 0);

// One declaration per top-level resources/*.ts file (what the server and the apps load); a file that builds
// its declaration with a helper of a sub-folder (the economic areas) is read together with that helper.
const topLevel = fs.readdirSync(path.join(root, 'resources')).filter((f) => /\.ts$/.test(f) && !/^(types|define|index|behaviour)\.ts$/.test(f)).map((f) => path.join('resources', f));
const declText = (f) => {
  const own = read(f);
  const helpers = [...own.matchAll(/from '\.\/(\w+\/\w+)'/g)].map((m) => `resources/${m[1]}.ts`).filter((h) => fs.existsSync(path.join(root, h)) && /defineResource\(/.test(read(h)));
  return [own, ...helpers.map(read)].join('\n');
};
const declared = topLevel.filter((f) => /defineResource\(/.test(declText(f)));
const moduleServed = declared.filter((f) => /routes:\s*'module'/.test(declText(f)));
const customViews = declared.filter((f) => fs.existsSync(path.join(root, 'src/views', `${path.basename(f, '.ts')}.tsx`)));
const withPanels = declared.filter((f) => !customViews.includes(f) && /listPanels:/.test(declText(f)));
const withBehaviour = declared.filter((f) => /hooks:|access:|run:|compute:|where:/.test(declText(f)));
const src = walk('src');
const server = walk('server');
const sources = [...walk('resources'), ...walk('providers'), ...src, ...server, ...walk('scripts')];
const literalPaths = new Set();
// The lint rule's pattern (scripts/apiPaths.mjs), applied to every quoted string and template start.
const apiPath = new RegExp(API_PATH_SOURCE);
for (const f of src) for (const m of read(f).matchAll(/['`]([^'`\n]*)['`]|`([^`$\n]*)\$\{/g)) if (apiPath.test(m[1] ?? m[2] ?? '')) literalPaths.add(`${f}:${m[1] ?? m[2]}`);
const big = sources.filter((f) => read(f).split('\n').length > 400);

const rows = [
  ['declarations', declared.length],
  ['served by the generic routes', declared.length - moduleServed.length],
  ['served by the generic views (no src/views/<name>.tsx)', declared.length - customViews.length],
  ['  of which with a declared list panel (src/panels/)', withPanels.length],
  ['declarations with hooks, access, run actions, virtual fields or fixed values', withBehaviour.length],
  ['.request( calls in src/', count(src, /\.request\(/g)],
  ['literal API paths in src/', literalPaths.size],
  ['`as Row` casts in server/', count(server, /as Row\b/g)],
  ['Number(…) conversions in server/', count(server, /\bNumber\(/g)],
  ['hand-written paging (totalPage built) in server/', count(server, /totalPage:/g)],
  ['source files over 400 lines', big.length],
];
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
if (big.length) console.log(`\nover 400 lines: ${big.join(', ')}`);
