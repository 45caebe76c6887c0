import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { ok } from '../../../http/envelope.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { declarationOf } from '../../declarationLookup.js';
import { NO_QUERY } from '../../../http/routeInput.js';
import { loadColumns, userColumnIds } from './service.js';
import { withAncestors } from '../../../shared/subtree.js';

const TEMPLATE_EXT = /\.(html?|liquid)$/i;

/** Template files below `${dataDir}/templates/` (list and content templates of columns). */
async function templateFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, rel: string, depth: number) => {
    if (depth > 4 || out.length >= 2000) return;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.isSymbolicLink()) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), r, depth + 1);
      else if (e.isFile() && TEMPLATE_EXT.test(e.name)) out.push(r);
    }
  };
  await walk(root, '', 0);
  return out.sort();
}

/**
 * 栏目 beside its generic routes (list / get / save / edit / del, server/entities/column.ts; the tree, a role's
 * columns and the form's content models are declared reads, the grants saved by role a declared link step): the
 * template files the form chooses from and the caller's columns.
 */
export async function columnRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'column') as ResourceDecl | undefined;
  if (!decl) return;
  const db = app.db;
  app.get('/column/tem/list', { config: { permission: decl.permissions.list }, schema: NO_QUERY, attachValidation: true }, async () => {
    const files = await templateFiles(path.join(app.portal.config.dataDir, 'templates'));
    return ok(files);
  });

  // The columns of the current user: granted ones (granted: true) plus the ancestors that place them in the tree.
  app.get('/column/role/user/list', { config: { permission: 'article:list' }, schema: NO_QUERY, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const rows = await loadColumns(db);
    const granted = await userColumnIds(db, user);
    if (granted === null) return ok(rows.map((r) => ({ ...r, granted: true })));
    const set = new Set(granted);
    const keep = withAncestors(rows, set, (r) => r.categoryId, (r) => r.categoryCategoryId);
    return ok(rows.filter((r) => keep.has(r.categoryId)).map((r) => ({ ...r, granted: set.has(r.categoryId) })));
  });
}
