import type { FastifyInstance, FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import type { ResourceDecl } from '../../../../resources/types.js';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { validateRecord } from '../../../crud/validate.js';
import type { Db, Row } from '../../../db/types.js';
import { invalidValue, notFoundRecord, PortalError } from '../../../http/errors.js';
import type { PortalUser } from '../../../http/fastifyTypes.js';
import { ADMIN_ROLE_ALIAS, ensureResource, grant } from '../../../seed/menuSync.js';
import { formatDateTime } from '../../../util/time.js';

/** 1005: the record's state does not allow the step. */
export const badState = (msg = '该记录当前状态不允许此操作') => new PortalError(1005, msg);

export const num = (v: unknown): number => Number(v ?? 0);

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
    let existing: Row | null = null;
    if (id !== null) {
      existing = ((await applyScope(trx.selectFrom(decl.table).selectAll().where(decl.idField, '=', id), rule).executeTakeFirst()) as Row | undefined) ?? null;
      if (!existing) throw notFoundRecord();
    } else {
      const filled: Row = { deptId: user.deptId, deptName: user.deptName, creatorId: user.userId, creatorName: user.name, createTime: now };
      for (const [k, v] of Object.entries(filled)) if (has(k) && values[k] === undefined) values[k] = v;
    }
    if (fill) await fill(values, trx, existing);
    let key = id;
    if (key === null) {
      const inserted = (await trx.insertInto(decl.table).values(values).returning(decl.idField).executeTakeFirstOrThrow()) as Row;
      key = Number(inserted[decl.idField]);
    } else if (Object.keys(values).length > 0) {
      await trx.updateTable(decl.table).set(values).where(decl.idField, '=', key).execute();
    }
    return (await trx.selectFrom(decl.table).selectAll().where(decl.idField, '=', key).executeTakeFirstOrThrow()) as Row;
  });
}

export async function departmentName(db: Db, deptId: number): Promise<string> {
  const d = (await db.selectFrom('departments').select(['id', 'name']).where('id', '=', deptId).executeTakeFirst()) as { name: string } | undefined;
  if (!d) throw invalidValue('部门不存在');
  return d.name;
}

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /** Value shown instead of the raw one (enum labels). */
  map?: (value: unknown, row: Row) => unknown;
}

/** Answers a real .xlsx as application/octet-stream with a UTF-8 file name. */
export async function sendExcel(reply: FastifyReply, fileName: string, sheetName: string, columns: SheetColumn[], rows: Row[]) {
  const wb = new ExcelJS.Workbook();
  wb.creator = '云溪县人民政府门户网站';
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) {
    const out: Row = {};
    for (const c of columns) {
      const v = c.map ? c.map(row[c.key], row) : row[c.key];
      out[c.key] = v === null || v === undefined ? '' : v;
    }
    ws.addRow(out);
  }
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return reply
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(buffer);
}

/** Label of an enum value of a declared field. */
export function optionLabel(decl: ResourceDecl, field: string) {
  const options = decl.fields.find((f) => f.name === field)?.options ?? [];
  return (v: unknown) => options.find((o) => String(o.value) === String(v))?.label ?? (v ?? '');
}

/**
 * Menu entries of screens that are not one resource (statistics pages), under the 互动交流 catalogue,
 * granted to 系统管理员 when new; `permission` entries become Buttons under the menu.
 */
export async function ensurePageMenus(db: Db, pages: { alias: string; name: string; url: string; sort: number; icon: string }[]) {
  const catalogue = (await db.selectFrom('resources').select('id').where('dingAppKey', '=', 'adminSite').where('alias', '=', 'interact').executeTakeFirst()) as
    | { id: number }
    | undefined;
  if (!catalogue) return;
  const created: number[] = [];
  for (const p of pages) {
    const r = await ensureResource(db, { parentId: Number(catalogue.id), name: p.name, alias: p.alias, icon: p.icon, type: 'Menu', url: p.url, dingAppKey: 'adminSite', sort: p.sort });
    if (r.created) created.push(r.id);
  }
  const admin = (await db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst()) as { roleId: number } | undefined;
  if (admin && created.length) await grant(db, Number(admin.roleId), created);
}

/** Month `YYYY-MM` → [first second, last second] as stored text. */
export function monthRange(month: string): [string, string] {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw invalidValue('月份格式应为YYYY-MM');
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(y, m, 0).getDate();
  return [`${month}-01 00:00:00`, `${month}-${String(last).padStart(2, '0')} 23:59:59`];
}

export function hoursBetween(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  const a = new Date(from.replace(' ', 'T')).getTime();
  const b = new Date(to.replace(' ', 'T')).getTime();
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  return Math.max(0, (b - a) / 3_600_000);
}
