import type { ResourceDecl } from '../../resources/types.js';
import { applyScope, scopeRule } from '../auth/dataScope.js';
import type { Db, Row } from '../db/types.js';
import { notFoundRecord, PortalError } from '../http/errors.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { formatDateTime } from '../util/time.js';
import { applyFilters, readPaging, readSort } from './listQuery.js';
import { validateRecord } from './validate.js';
import { pageOf } from '../shared/paging.js';

export interface Page<T = Row> {
  list: T[];
  currPage: number;
  totalRow: number;
  totalPage: number;
}

const has = (decl: ResourceDecl, name: string) => decl.fields.some((f) => f.name === name);

/** One page of a declared table, with filters, sort and the caller's data scope. */
export async function listRecords(db: Db, decl: ResourceDecl, user: PortalUser, search: Record<string, unknown>): Promise<Page> {
  const { pageNum, pageSize } = readPaging(search);
  const sort = readSort(decl, search);
  const rule = await scopeRule(db, user, decl);
  const base = applyScope(applyFilters(db.selectFrom(decl.table), decl, search), rule);
  const countRow = (await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string } | undefined;
  const totalRow = Number(countRow?.n ?? 0);
  const list = (await base
    .selectAll()
    .orderBy(sort.field, sort.order)
    .orderBy(decl.idField, 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute()) as Row[];
  return pageOf(list, { pageNum, pageSize }, totalRow);
}

export async function getRecord(db: Db, decl: ResourceDecl, user: PortalUser, id: number): Promise<Row> {
  const rule = await scopeRule(db, user, decl);
  const row = (await applyScope(db.selectFrom(decl.table).selectAll().where(decl.idField, '=', id), rule).executeTakeFirst()) as Row | undefined;
  if (!row) throw notFoundRecord();
  return row;
}

/** 1004 when another record already holds a unique value. */
async function checkUnique(db: Db, decl: ResourceDecl, values: Row, exceptId: number | null) {
  for (const field of decl.fields) {
    if (!field.unique || values[field.name] === undefined || values[field.name] === null) continue;
    let q = db.selectFrom(decl.table).select(decl.idField).where(field.name, '=', values[field.name]);
    if (exceptId !== null) q = q.where(decl.idField, '!=', exceptId);
    if (await q.executeTakeFirst()) throw new PortalError(1004, `${field.label}已存在：${String(values[field.name])}`);
  }
}

export async function createRecord(db: Db, decl: ResourceDecl, user: PortalUser, body: Record<string, unknown>): Promise<Row> {
  const values: Row = validateRecord(decl, body, 'create');
  const now = formatDateTime();
  const filled: Row = { deptId: user.deptId, deptName: user.deptName, creatorId: user.userId, creatorName: user.name, createTime: now, updateTime: now };
  for (const [k, v] of Object.entries(filled)) if (has(decl, k)) values[k] = v;
  return db.transaction().execute(async (trx) => {
    await checkUnique(trx, decl, values, null);
    const inserted = (await trx.insertInto(decl.table).values(values).returning(decl.idField).executeTakeFirstOrThrow()) as Row;
    return (await trx.selectFrom(decl.table).selectAll().where(decl.idField, '=', inserted[decl.idField]).executeTakeFirstOrThrow()) as Row;
  });
}

/** Changes only the fields present in the body, inside the caller's scope. */
export async function updateRecord(db: Db, decl: ResourceDecl, user: PortalUser, id: number, body: Record<string, unknown>): Promise<Row> {
  const values: Row = validateRecord(decl, body, 'update');
  if (has(decl, 'updateTime')) values.updateTime = formatDateTime();
  const rule = await scopeRule(db, user, decl);
  return db.transaction().execute(async (trx) => {
    const existing = await applyScope(trx.selectFrom(decl.table).select(decl.idField).where(decl.idField, '=', id), rule).executeTakeFirst();
    if (!existing) throw notFoundRecord();
    await checkUnique(trx, decl, values, id);
    if (Object.keys(values).length > 0) await trx.updateTable(decl.table).set(values).where(decl.idField, '=', id).execute();
    return (await trx.selectFrom(decl.table).selectAll().where(decl.idField, '=', id).executeTakeFirstOrThrow()) as Row;
  });
}

/** All or nothing: when one id is unknown or outside the scope, nothing is deleted. */
export async function deleteRecords(db: Db, decl: ResourceDecl, user: PortalUser, ids: number[]): Promise<number> {
  const rule = await scopeRule(db, user, decl);
  return db.transaction().execute(async (trx) => {
    const found = await applyScope(trx.selectFrom(decl.table).select(decl.idField).where(decl.idField, 'in', ids), rule).execute();
    if (found.length !== ids.length) throw notFoundRecord();
    const result = await trx.deleteFrom(decl.table).where(decl.idField, 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
