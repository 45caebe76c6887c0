import fs from 'node:fs';
import path from 'node:path';

/**
 * Every call of the spec's catalogue (part 1 §7 and part 2 §7), read from the spec text itself so that
 * the check follows the spec rather than a hand-kept list.
 *
 * The spec writes calls compactly: `POST /ding/dept/ByUser, /data, /tree` (siblings of the path before),
 * `/industrialProjects/dels (idsDto); /get (query id)` (after `;`, relative to the bullet's domain, the
 * parent of its first path), `/survey/add and /dels`, and `GET`/`POST` switch the method for what follows.
 * Parenthesised text is payload description, never a path.
 */
export interface SpecCall {
  method: 'GET' | 'POST';
  path: string;
}

const SPEC_DIR = process.env.SPEC_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/spec');
const SPEC_FILES = ['000_75be9816d5e24de6.txt', '001_f1fbd398403d3d59.txt'];

/** Lines of section 7 of one spec file. */
function section7(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('## 7.'));
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## 8.'));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

function parent(p: string): string {
  return p.slice(0, p.lastIndexOf('/')) || '';
}

function depth(p: string): number {
  return p.split('/').filter(Boolean).length;
}

/** Calls named on one bullet line; `method` is the method in force when the line starts. */
function parseLine(line: string, method: SpecCall['method']): { calls: SpecCall[]; method: SpecCall['method'] } {
  const text = line.replace(/\([^)]*\)/g, ' ').replace(/^\s*-\s*/, '');
  // A sentence that only refers to another document names no call.
  if (/paths are in document/.test(text)) return { calls: [], method };
  const tokenRe = /(\bGET\b|\bPOST\b|\/[A-Za-z0-9_{}/.-]*[A-Za-z0-9_}]:?|[;,]|\band\b)/g;
  const tokens = [...text.matchAll(tokenRe)].map((m) => m[1] as string);
  const calls: SpecCall[] = [];
  let base: string | null = null; // the bullet's domain, for paths after `;` and two-level relatives
  let siblingBase = ''; // the folder of the last path written in full, for `, /x` and `and /x`
  let joiner: 'sibling' | 'domain' = 'domain';
  let current = method;
  for (const tok of tokens) {
    if (tok === 'GET' || tok === 'POST') {
      current = tok;
      joiner = 'domain';
      continue;
    }
    if (tok === ';') joiner = 'domain';
    if (tok === ',' || tok === 'and') joiner = 'sibling';
    if (!tok.startsWith('/')) continue;
    if (tok.endsWith(':')) {
      // "exists under /xaxweb/theme: /get, /list…" names a folder, not a call
      base = siblingBase = tok.slice(0, -1);
      continue;
    }
    let full: string;
    if (base === null) {
      full = tok;
      base = domainOf(tok, tokens);
      siblingBase = parent(tok);
    } else if (isAbsolute(tok)) {
      full = tok;
      siblingBase = parent(tok);
      // `/data/dict/all/kv; /data/dict/del; /edit`: the shallowest folder written in full is the domain
      if (depth(siblingBase) < depth(base) && base.startsWith(`${siblingBase}/`)) base = siblingBase;
    } else if (joiner === 'sibling' && depth(tok) === 1) full = siblingBase + tok;
    else full = base + tok;
    joiner = 'domain';
    calls.push({ method: current, path: full });
  }
  return { calls, method: current };
}

/**
 * The folder a bullet's relative paths hang from: the first path's folder, or its parent when a relative
 * path repeats that folder's name (`/llweb/theme/appeal/get; /appeal/list; /get` hang from /llweb/theme).
 */
function domainOf(first: string, tokens: string[]): string {
  const folder = parent(first);
  const name = folder.slice(folder.lastIndexOf('/'));
  const repeats = tokens.some((t) => t !== first && !isAbsolute(t) && depth(t) > 1 && t.startsWith(`${name}/`));
  return repeats ? parent(folder) : folder;
}

/** Paths the spec writes in full: their first segment is one of the catalogue's domains. */
const DOMAINS = new Set([
  'api', 'app', 'apply', 'export', 'web', 'article', 'articleVoice', 'blacklist', 'celebrityTable', 'column',
  'data', 'ding', 'role', 'menu', 'resource', 'forum', 'hot', 'popula', 'industrialProjects', 'll', 'xax',
  'llweb', 'xaxweb', 'theme', 'admin', 'themeCount', 'log', 'systemLogList', 'mail', 'mailCount', 'mailForum',
  'notice', 'passwordRule', 'passwordType', 'plate', 'plateRole', 'product', 'questAnswer', 'sensitive',
  'suggest', 'survey', 'website', 'people', 'user', 'verify', 'visitHistory', 'sysArea', 'test', 'other', 'sys',
  'advice', 'stopAdvice', 'announcement', 'template',
]);

function isAbsolute(p: string): boolean {
  const first = p.split('/')[1] ?? '';
  if (first === 'web') return depth(p) > 2; // `/web/list` after a domain's calls is that domain's public list
  if (depth(p) === 1) return p === '/systemLogList' || p === '/stopAdvice';
  return DOMAINS.has(first);
}

export function specCatalogue(): SpecCall[] {
  const seen = new Set<string>();
  const out: SpecCall[] = [];
  for (const file of SPEC_FILES) {
    let method: SpecCall['method'] = 'POST';
    for (const line of section7(fs.readFileSync(path.join(SPEC_DIR, file), 'utf8'))) {
      if (line.startsWith('###')) method = 'POST';
      if (/^(GET|POST):\s*$/.test(line.trim())) {
        method = line.trim().startsWith('GET') ? 'GET' : 'POST';
        continue;
      }
      if (!line.includes('/')) continue;
      const isBullet = /^\s*-\s/.test(line) || /^(GET|POST)[: ]/.test(line.trim());
      if (!isBullet) continue;
      const r = parseLine(line, method);
      if (/^(GET|POST):/.test(line.trim())) method = r.method;
      for (const c of r.calls) {
        const key = `${c.method} ${c.path}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(c);
      }
    }
  }
  return out;
}
