import type { FastifyInstance } from 'fastify';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { applyFilters, readSort } from '../../../crud/listQuery.js';
import { searchOf } from '../../../crud/routes.js';
import { getRecord } from '../../../crud/service.js';
import { sql } from 'kysely';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readId } from '../../../http/params.js';
import { declarationOf } from '../../declarationLookup.js';
import { sendDownload } from '../../../shared/download.js';
import { celebrityDocx, celebrityXlsx } from './documents.js';
import { declaredInput, describeInput, ID } from '../../../http/routeInput.js';

/** Rows one Excel export may hold; a county's list is far below this. */
export const CELEBRITY_EXPORT_MAX = 5000;

/**
 * 名人录 exports (spec part 2 "celebrity table"): /celebrityTable/exportWord (idDto) answers one
 * person as .docx; /celebrityTable/getExcelList (the list's search body) the filtered list as .xlsx.
 */
export async function celebrityRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'celebrity');
  if (!decl) return;
  // The declaration's table is fixed (resources/celebrity.ts: 'celebrity_table'): the typed handle.
  const db = app.db;

  app.post('/celebrityTable/exportWord', { config: { permission: 'celebrity:exportWord' }, schema: describeInput({ either: { id: ID } }), attachValidation: true }, async (request, reply) => {
    const row = await getRecord(db, decl, currentUser(request), readId(request));
    return sendDownload(reply, await celebrityDocx(decl, row), `名人录_${String(row.name)}.docx`);
  });

  app.post('/celebrityTable/getExcelList', { config: { permission: 'celebrity:export' }, schema: declaredInput(decl, 'list'), attachValidation: true }, async (request, reply) => {
    const search = searchOf(request);
    const sort = readSort(decl, search);
    const rule = await scopeRule(db, currentUser(request), decl);
    // The sort column is a declared sortable name, checked by readSort.
    const rows = await applyScope(applyFilters(db.selectFrom('celebrity_table'), decl, search), rule)
      .selectAll()
      .orderBy(sql.ref(sort.field), sort.order)
      .orderBy('id', 'asc')
      .limit(CELEBRITY_EXPORT_MAX)
      .execute();
    return sendDownload(reply, await celebrityXlsx(decl, rows), '名人录.xlsx');
  });
}
