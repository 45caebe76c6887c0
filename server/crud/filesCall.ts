import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FilesCallDecl } from '../../resources/shape/filesCall.js';
import type { ResourceDecl } from '../../resources/types.js';
import { ok } from '../http/envelope.js';
import { NO_QUERY } from '../http/routeInput.js';

/** The files below `root` whose names end in one of `files.ext`, relative to it, sorted. */
export async function listFiles(root: string, files: FilesCallDecl): Promise<string[]> {
  const ends = new Set(files.ext.map((e) => e.toLowerCase()));
  const [depthMax, max] = [files.depth ?? 4, files.max ?? 2000];
  const out: string[] = [];
  const walk = async (dir: string, rel: string, depth: number) => {
    if (depth > depthMax || out.length >= max) return;
    // A folder that is not there (or not readable) holds no files.
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (e.name.startsWith('.') || e.isSymbolicLink()) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), r, depth + 1);
      else if (e.isFile() && ends.has(path.extname(e.name).slice(1).toLowerCase())) out.push(r);
    }
  };
  await walk(root, '', 0);
  return out.sort();
}

/** The declaration's `api.extra` calls with `files` (resources/shape/filesCall.ts), behind its list key. */
export function registerFilesCalls(app: FastifyInstance, decl: ResourceDecl): void {
  for (const call of Object.values(decl.api.extra ?? {})) {
    const files = call.files;
    if (!files) continue;
    const schema = { ...NO_QUERY, summary: `${decl.label}：${call.label}`, tags: [decl.label] };
    app.get(call.path, { config: { permission: decl.permissions.list }, schema, attachValidation: true }, async () =>
      ok(await listFiles(path.join(app.portal.config.dataDir, files.folder), files)),
    );
  }
}
