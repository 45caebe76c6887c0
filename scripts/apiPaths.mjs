// The first path segments the portal API answers under, derived (no hand list): every path a declaration
// or call set of resources/ names (menu entries, which are app routes, left out) and every route a server
// module registers. A string in src/ that starts with one of them is an API path written by hand: the lint
// rule of eslint.config.js refuses it (paths are declared once in resources/ and called through the data
// provider), and `npm run stats` counts them. tests/unit/architecture/api-paths.test.ts checks every
// declared path matches. Reads files only, synchronously (ESLint loads this with its config).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** App routes and files, not API calls: the admin (/main) and reporting (/report) apps' screens, uploaded files. */
const NOT_API = new Set(['main', 'report', 'uploads']);
/** Under the apps' and the public site's own prefixes, only the second segment tells an API path (/site/setting, not /site/index.html). */
const TWO_SEGMENTS = new Set(['admin', 'site']);

function walk(dir, out = []) {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) walk(rel, out);
    else if (/\.ts$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function prefixOf(p) {
  const segments = p.replace(/\$\{.*$/, '').split(/[/?]/).filter(Boolean);
  if (!segments.length || !/^[A-Za-z]/.test(segments[0]) || NOT_API.has(segments[0])) return null;
  if (TWO_SEGMENTS.has(segments[0])) return segments[1] && /^[A-Za-z]/.test(segments[1]) ? `${segments[0]}/${segments[1]}` : null;
  return segments[0];
}

const prefixes = new Set();
const addAll = (text, re) => {
  for (const m of text.matchAll(re)) {
    const p = prefixOf(m[1]);
    if (p) prefixes.add(p);
  }
};
// Declarations and call sets: `path: '/x/…'`, and path bases built in a template (`/economic/${key}`).
for (const f of walk('resources')) {
  const text = fs.readFileSync(path.join(root, f), 'utf8').replace(/menu:\s*\{[^}]*\}/g, '').replace(/^\s*(\/\/|\*).*$/gm, '');
  addAll(text, /path:\s*['`](\/[^'`\s]*)['`]/g);
  addAll(text, /=\s*`(\/[A-Za-z][^`\s]*)`/g);
}
// Routes the server modules register beside the declared ones (session, menu tree, public site, uploads).
for (const f of walk('server')) {
  addAll(fs.readFileSync(path.join(root, f), 'utf8'), /(?:\.(?:get|post|put|delete|all)\(\s*|url:\s*)['`](\/[^'`\s]*)['`]/g);
}

export const API_PREFIXES = [...prefixes].sort();

/** Source of a RegExp matching a string that starts with an API path (`/ding/user/list`, `/stopAdvice`). */
export const API_PATH_SOURCE = `^/(${API_PREFIXES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(/|$|\\?)`;
