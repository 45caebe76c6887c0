import type { FastifyRequest } from 'fastify';
import { inState } from '../../../resources/behaviour.js';
import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { DynamicDb, Row } from '../../db/types.js';
import { notFoundRecord } from '../../http/errors.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { readId, readSize } from '../../http/params.js';
import { pageOf } from '../../shared/paging.js';
import { countBy } from '../countBy.js';
import { FIND_LIMIT } from '../entity/localApi.js';
import { linkedIds, linkingIds } from '../links.js';
import { readPaging } from '../listQuery.js';
import { readSingleton } from '../singleton.js';
import { nestRecords, type TreeNode } from '../treeList.js';
import { bumped } from './bump.js';
import { groupedRows } from './grouped.js';
import { oneId, withDetail } from './detail.js';

import { flaggedWithAncestors } from './ancestors.js';
import { answerGroups, rootsByOption } from './groups.js';
import { applyRange, applyThrough, asOptions, checkRequired, stateCounts, withNested } from './options.js';
import { readOutput } from './output.js';
import { readQuery, readRows, searchOf, type Query } from './records.js';
import { readHooksWhere, readRecent, readSearch, sizeName } from './search.js';
import { throughExists } from './throughExists.js';
import { answerOne, byOwnKeys } from './one.js';

/** One `{ value, label, count }` per option of the enum `field`, in the options' order (0 for none). */
async function countsOf(decl: ResourceDecl, q: Query, field: string): Promise<Row[]> {
  const rows = await countBy(q, { groups: [{ name: field, expr: (eb: Query) => eb.ref(field) }] });
  const options = decl.fields.find((f) => f.name === field)?.options ?? [];
  return options.map((o) => ({ value: o.value, label: o.label, count: rows.find((r) => String(r[field]) === String(o.value))?.count ?? 0 }));
}

/**
 * The ids one record the caller reaches holds through the declared link (1003 when he does not reach it); with
 * `reverse`, the ids of the records the caller reaches that link to the other entity's record `key` names.
 */
async function linkedOf(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, q: Query, request: FastifyRequest): Promise<number[]> {
  const id = readId(request, read.key ?? decl.idField);
  const link = decl.links?.find((l) => l.name === read.link);
  if (!link) throw new Error(`${decl.name}: no declared link ${String(read.link)}`);
  // `reverse`: `key` names the linked entity's record; the answer is this entity's records (those reached) linking to it.
  if (read.reverse) return linkingIds(db, link, id, q.select(`${decl.table}.${decl.idField}`));
  if (!(await q.select(decl.idField).where(decl.idField, '=', id).executeTakeFirst())) throw notFoundRecord();
  return linkedIds(db, link, id);
}

/** The length of an `array` or `tree` read: the caller's `size`, else the fixed `limit`, else every record. */
function lengthOf(read: ExtraReadDecl, request: FastifyRequest): number {
  const size = read.size;
  return size ? readSize(request, sizeName(read, searchOf(request)), size.default, size.max, size.required) : (read.limit ?? FIND_LIMIT);
}

/** What a declared read answers `user` (server/crud/reads/routes.ts registers it), by its shape. */
export async function answerRead(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, request: FastifyRequest): Promise<unknown> {
  if (read.shape === 'record') return readOutput(decl, read, await readSingleton(db, decl, user));
  const search = readSearch(read, searchOf(request));
  checkRequired(read, search);
  const hooked = await readHooksWhere(db, decl, read, user, await readQuery(db, decl, read, user, search), search);
  const unpaired = applyRange(readRecent(read, request, hooked), read, search);
  const q = applyThrough(db, unpaired, decl, read, user, search);
  const out = (rows: readonly Row[]) => withNested(db, decl, read, rows, rows.map((r) => readOutput(decl, read, r)));
  // A tree is nested from whole records (siblings in the declared order), then each node answered as the read says.
  const outTree = (nodes: readonly TreeNode[]): Row[] => nodes.map((n) => ({ ...readOutput(decl, read, n), children: outTree(n.children) }));
  await throughExists(db, read, search);
  if (read.shape === 'one' && byOwnKeys(read)) return answerOne(db, decl, read, user, request, q, out);
  switch (read.shape ?? 'page') {
    case 'counts':
      return countsOf(decl, q, read.field ?? '');
    case 'stateCounts':
      return stateCounts(q, read.states ?? {});
    case 'grouped':
      return read.grouped ? groupedRows(decl, read.grouped, q, search) : [];
    case 'linked':
      return linkedOf(db, decl, read, q, request);
    case 'one': {
      const [row] = await readRows(db, decl, read, user, q.where(decl.idField, '=', oneId(decl, read, request)), 1);
      if (!row) throw notFoundRecord();
      return (await out([await withDetail(db, decl, read, user, await bumped(db, decl, read, row))]))[0];
    }
    case 'page': {
      const paging = readPaging(search);
      const n = (await q.select((eb: Query) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
      return pageOf(await out(await readRows(db, decl, read, user, q, paging.pageSize, (paging.pageNum - 1) * paging.pageSize)), paging, Number(n.n));
    }
    default: {
      const found = await readRows(db, decl, read, user, q, lengthOf(read, request));
      if (read.ancestors) return out(flaggedWithAncestors(decl, read.ancestors, await readRows(db, decl, read, user, unpaired, FIND_LIMIT), found));
      const kept = read.except ? found.filter((r) => !inState(r, read.except)) : found;
      if (read.shape === 'options') return asOptions(decl, kept);
      if (read.shape === 'groups' && read.groups) return answerGroups(decl, read.groups, kept, request, (r) => readOutput(decl, read, r));
      if (read.shape === 'tree' && read.roots) return rootsByOption(decl, read.roots, kept, search, (rows) => outTree(nestRecords(decl, rows)));
      return read.shape === 'tree' ? outTree(nestRecords(decl, kept)) : out(kept);
    }
  }
}
