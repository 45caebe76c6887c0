import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EntityBehaviour } from './types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** server/entities/: one behaviour file per entity (or a file exporting several, e.g. the eight economic areas). */
export const defaultBehavioursDir = path.resolve(here, '../../entities');

function looksLikeBehaviour(value: unknown): value is EntityBehaviour {
  return !!value && typeof (value as EntityBehaviour).name === 'string';
}

/** Every `server/entities/*.ts` file's default export: a behaviour, or an array of them. */
export async function loadBehaviours(dir: string = defaultBehavioursDir): Promise<EntityBehaviour[]> {
  let files: string[];
  try {
    files = (await fs.readdir(dir)).filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts') && !f.includes('.test.')).sort();
  } catch {
    return [];
  }
  const out: EntityBehaviour[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown };
    const list = Array.isArray(mod.default) ? mod.default : [mod.default];
    for (const b of list) {
      if (!looksLikeBehaviour(b)) throw new Error(`server/entities/${file} 的默认导出不是实体行为`);
      out.push(b);
    }
  }
  return out;
}

/**
 * The shipped behaviour files for a start's declarations: a start that leaves out a shipped entity (a
 * trimmed start, e.g. without 网站管理) leaves its behaviour file out too. A behaviour naming an entity that
 * no shipped declaration has is kept, so attaching it still stops the start (a misspelt name).
 */
export function behavioursFor(behaviours: readonly EntityBehaviour[], decls: readonly { name: string }[], shipped: readonly { name: string }[]): EntityBehaviour[] {
  const declared = new Set(decls.map((d) => d.name));
  const known = new Set(shipped.map((d) => d.name));
  return behaviours.filter((b) => declared.has(b.name) || !known.has(b.name));
}
