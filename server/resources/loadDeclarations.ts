import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ResourceDecl } from '../../resources/types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultResourcesDir = path.resolve(here, '../../resources');

const SKIP = new Set(['types', 'define', 'index', 'behaviour', 'declaredCalls']);

function looksLikeDecl(value: unknown): value is ResourceDecl {
  const v = value as Partial<ResourceDecl> | undefined;
  return !!v && typeof v.name === 'string' && typeof v.table === 'string' && Array.isArray(v.fields) && !!v.api;
}

/** Every `resources/*.ts` file's default export, so adding one file adds one entity. */
export async function loadDeclarations(dir: string = defaultResourcesDir): Promise<ResourceDecl[]> {
  const files = (await fs.readdir(dir))
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts') && !f.includes('.test.'))
    .filter((f) => !SKIP.has(f.replace(/\.ts$/, '')))
    .sort();
  const decls: ResourceDecl[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown };
    if (!looksLikeDecl(mod.default)) throw new Error(`resources/${file} 的默认导出不是资源声明`);
    decls.push(mod.default);
  }
  const names = new Set<string>();
  for (const d of decls) {
    if (names.has(d.name)) throw new Error(`资源名称重复：${d.name}`);
    names.add(d.name);
  }
  return decls;
}
