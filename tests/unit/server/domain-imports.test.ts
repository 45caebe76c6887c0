import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 8: shared helpers live in server/shared, so no domain imports another in a circle and nothing in
// server/shared reaches into a domain. Imports are read with the TypeScript compiler's own pre-processor.
const root = path.resolve(__dirname, '../../..');
const files: string[] = [];
const walk = (dir: string) => {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) walk(rel);
    else if (rel.endsWith('.ts')) files.push(rel);
  }
};
walk('server');

/** The domain of a file: server/modules/<area>/<domain> for the grouped areas, server/modules/<domain> otherwise. */
export function domainOf(file: string): string | null {
  const grouped = /^server\/modules\/(content|interaction|system)\/([^/]+)\//.exec(file);
  if (grouped) return `${grouped[1]}/${grouped[2]}`;
  const own = /^server\/modules\/([^/.]+)\//.exec(file);
  if (own) return own[1] as string;
  const areaFile = /^server\/modules\/(content|interaction|system)\/[^/]+\.ts$/.exec(file);
  return areaFile ? (areaFile[1] as string) : null;
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
  return info.importedFiles
    .map((i) => i.fileName)
    .filter((f) => f.startsWith('.'))
    .map((f) => path.posix.normalize(path.posix.join(path.posix.dirname(file), f)).replace(/\.js$/, '.ts'));
}

const edges = new Map<string, Map<string, string>>();
for (const file of files) {
  for (const target of importsOf(file)) {
    const from = domainOf(file);
    const to = domainOf(target);
    if (!from || !to || from === to) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from)!.set(to, `${file} → ${target}`);
  }
}

/** Every circle of the domain graph, each as the path that closes it. */
function circles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('imports between server domains', () => {
  it('reads a real graph (the check is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(edges.get('generation')?.has('content/articles')).toBe(true);
  });

  it('has no circle', () => {
    const shown = circles().map((c) => c.map((d, i) => (i ? `${d} (${edges.get(c[i - 1] as string)?.get(d)})` : d)).join(' → '));
    expect(shown).toEqual([]);
  });

  it('server/shared imports no domain', () => {
    const inward = files.filter((f) => f.startsWith('server/shared/')).flatMap((f) => importsOf(f).filter((t) => domainOf(t)).map((t) => `${f} → ${t}`));
    expect(inward).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    edges.set('test/a', new Map([['test/b', 'a → b']]));
    edges.set('test/b', new Map([['test/a', 'b → a']]));
    try {
      expect(circles()).toContainEqual(['test/a', 'test/b', 'test/a']);
    } finally {
      edges.delete('test/a');
      edges.delete('test/b');
    }
  });
});
