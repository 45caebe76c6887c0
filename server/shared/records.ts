import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../resources/types.js';
import { applyScope, scopeRule } from '../auth/dataScope.js';
import { validateRecord } from '../crud/validate.js';
import { type Db, type Row, dynamic } from '../db/types.js';
import { invalidValue, notFoundRecord, PortalError } from '../http/errors.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { formatDateTime } from '../util/time.js';

/** Record helpers every domain module uses (moved out of forums so no domain imports another for them). */

/** The owner and time columns a record created by a staff member carries. */
export function createdBy(user: PortalUser, now: string) {
  return { deptId: user.deptId, deptName: user.deptName, creatorId: user.userId, creatorName: user.name, createTime: now, updateTime: now };
}

/** 1005: the record's state does not allow the step. */
export const badState = (msg = '该记录当前状态不允许此操作') => new PortalError(1005, msg);

/** The declaration a module needs; the module is not registered without it. */
export function requireDecl(app: FastifyInstance, name: string): ResourceDecl {
  const decl = app.portal.declarations.find((d) => d.name === name);
  if (!decl) throw new Error(`declaration ${name} missing`);
  return decl;
}

/**
 * Create (no id) or update (id, inside the caller's scope) of a declared table in one transaction;
 * `fill` adds derived columns (names looked up from ids) with the same transaction.
 */
export async function saveRecord(
  db: Db,
  decl: ResourceDecl,
  user: PortalUser,
  body: Record<string, unknown>,
  fill?: (values: Row, trx: Db, existing: Row | null) => Promise<void>,
): Promise<Row> {
  const rawId = body[decl.idField];
  const hasId = rawId !== undefined && rawId !== null && rawId !== '';
  const id = hasId ? Number(rawId) : null;
  if (hasId && (!Number.isSafeInteger(id) || (id as number) <= 0)) throw notFoundRecord();
  const values = validateRecord(decl, body, id === null ? 'create' : 'update');
  const now = formatDateTime();
  const has = (n: string) => decl.fields.some((f) => f.name === n);
  if (has('updateTime')) values.updateTime = now;
  const rule = await scopeRule(db, user, decl);
  return db.transaction().execute(async (trx) => {
    const table = dynamic(trx); // the declaration's table, named at run time
    let existing: Row | null = null;
    if (id !== null) {
      existing = ((await applyScope(table.selectFrom(decl.table).selectAll().where(decl.idField, '=', id), rule).executeTakeFirst()) as Row | undefined) ?? null;
      if (!existing) throw notFoundRecord();
    } else {
      const filled: Row = { deptId: user.deptId, deptName: user.deptName, creatorId: user.userId, creatorName: user.name, createTime: now };
      for (const [k, v] of Object.entries(filled)) if (has(k) && values[k] === undefined) values[k] = v;
    }
    if (fill) await fill(values, trx, existing);
    let key = id;
    if (key === null) {
      const inserted = (await table.insertInto(decl.table).values(values).returning(decl.idField).executeTakeFirstOrThrow()) as Row;
      key = Number(inserted[decl.idField]);
    } else if (Object.keys(values).length > 0) {
      await table.updateTable(decl.table).set(values).where(decl.idField, '=', key).execute();
    }
    return (await table.selectFrom(decl.table).selectAll().where(decl.idField, '=', key).executeTakeFirstOrThrow()) as Row;
  });
}

export async function departmentName(db: Db, deptId: number): Promise<string> {
  const d = (await db.selectFrom('departments').select(['id', 'name']).where('id', '=', deptId).executeTakeFirst()) as { name: string } | undefined;
  if (!d) throw invalidValue('部门不存在');
  return d.name;
}

/** Label of an enum value of a declared field. */
export function optionLabel(decl: ResourceDecl, field: string) {
  const options = decl.fields.find((f) => f.name === field)?.options ?? [];
  return (v: unknown) => options.find((o) => String(o.value) === String(v))?.label ?? (v ?? '');
}
