import type { FastifyInstance } from 'fastify';
import { findAction } from '../../resources/declaredCalls.js';
import type { FieldDecl } from '../../resources/shape/fields.js';
import type { RecordsPanelDecl } from '../../resources/shape/recordsPanel.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type Db, type DynamicDb, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../http/errors.js';
import { bodyOf, isBlank, readId } from '../http/params.js';
import { describeInput, ID, NO_INPUT, type InputFields } from '../http/routeInput.js';
import { formatDateTime } from '../util/time.js';
import { inTransaction } from './service.js';

/**
 * A declaration's small table of records that are not an entity (`listRecords[].serve`, resources/shape/recordsPanel.ts;
 * 密码规则's 密码类型), served from the declaration: every record, one record, a save of one and the reset to the
 * declared defaults, each behind the declared key and with its request schema (docs/extending.md "Session 27: system").
 */

type Served = RecordsPanelDecl & { readonly serve: NonNullable<RecordsPanelDecl['serve']> };

/** A text value as the table keeps it: a required one trimmed ('' when not text), an optional one cut to its maxLength (null when not text). */
function textOf(field: FieldDecl, raw: unknown): string | null {
  if (field.required) return typeof raw === 'string' ? raw.trim() : '';
  return typeof raw === 'string' ? raw.slice(0, field.maxLength ?? raw.length) : null;
}

/**
 * The values of a save: every required field present first (1001 naming it), then each field's format (its
 * `pattern`, a regex field compiling) before its length, in the declared order.
 */
export function recordValues(panel: Served, body: Record<string, unknown>): Row {
  const values: Row = Object.fromEntries(panel.fields.map((f) => [f.name, textOf(f, body[f.name])]));
  for (const f of panel.fields) if (f.required && !values[f.name]) throw missingParam(f.name);
  for (const f of panel.fields.filter((d) => d.required)) {
    const text = String(values[f.name]);
    if (f.pattern && !new RegExp(f.pattern.source).test(text)) throw invalidValue(f.pattern.message ?? `${f.label}格式不正确`);
    if (panel.serve.regex?.includes(f.name)) {
      try {
        new RegExp(text);
      } catch {
        throw invalidValue(`${f.label}不是有效的正则表达式`);
      }
    }
    if (f.maxLength !== undefined && text.length > f.maxLength) throw invalidValue(`${f.label}长度不能超过${f.maxLength}个字符`);
  }
  return values;
}

const allRows = (db: DynamicDb, table: string) => db.selectFrom(table).selectAll().orderBy('id').execute() as Promise<Row[]>;

/** The declared defaults written over the whole table, in one transaction. */
async function restoreDefaults(db: Db, panel: Served): Promise<void> {
  const { table, stamp, defaults } = panel.serve;
  const now = formatDateTime();
  const rows = (defaults?.rows ?? []).map((r) => ({ ...r, ...defaults?.values, ...(stamp ? { [stamp]: now } : {}) }));
  await inTransaction(db, async (trx) => {
    const t = dynamic(trx);
    await t.deleteFrom(table).execute();
    if (rows.length) await t.insertInto(table).values(rows).execute();
  });
}

/** One save: a new record (at most `save.max`: 1005 `maxText`) without an id, else that record's new values (1003 when none). */
async function saveRecord(db: Db, panel: Served, body: Record<string, unknown>): Promise<Row> {
  const { table, stamp } = panel.serve;
  const values = { ...recordValues(panel, body), ...(stamp ? { [stamp]: formatDateTime() } : {}) };
  return inTransaction(db, async (trx) => {
    const t = dynamic(trx);
    if (isBlank(body.id)) {
      const max = panel.save.max;
      const n = (await t.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
      if (max !== undefined && Number(n.n) >= max) throw new PortalError(1005, panel.save.maxText ?? `${panel.label}最多${max}个`);
      return (await t.insertInto(table).values(values).returningAll().executeTakeFirstOrThrow()) as Row;
    }
    const id = Number(body.id);
    if (!Number.isSafeInteger(id) || !(await t.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst())) throw notFoundRecord();
    await t.updateTable(table).set(values).where('id', '=', id).execute();
    return (await t.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
  });
}

function registerTable(app: FastifyInstance, decl: ResourceDecl, panel: Served): void {
  const db = dynamic(app.db);
  const { table } = panel.serve;
  const extra = decl.api.extra ?? {};
  const listPath = extra[panel.list]?.path;
  if (listPath) app.post(listPath, { config: { permission: decl.permissions.list }, schema: NO_INPUT, attachValidation: true }, async () => ok(await allRows(db, table)));
  const getPath = panel.serve.get ? extra[panel.serve.get]?.path : undefined;
  if (getPath) {
    app.post(getPath, { config: { permission: decl.permissions.get }, schema: describeInput({ query: { id: ID } }), attachValidation: true }, async (request) => {
      const row = await db.selectFrom(table).selectAll().where('id', '=', readId(request)).executeTakeFirst();
      if (!row) throw notFoundRecord();
      return ok(row);
    });
  }
  const save = findAction(decl, panel.save.action);
  if (save) {
    const fields: InputFields = { id: ['integer', `${panel.label}ID（修改时）`], ...Object.fromEntries(panel.fields.map((f) => [f.name, ['string', f.help ? `${f.label}：${f.help}` : f.label] as const])) };
    app.post(save.path, { config: { permission: save.permission }, schema: describeInput({ body: fields }), attachValidation: true }, async (request) =>
      ok(await saveRecord(app.db, panel, bodyOf(request)), save.success ?? '保存成功'),
    );
  }
  const reset = panel.reset ? findAction(decl, panel.reset.action) : undefined;
  if (reset) {
    app.post(reset.path, { config: { permission: reset.permission }, schema: NO_INPUT, attachValidation: true }, async () => {
      await restoreDefaults(app.db, panel);
      return ok(await allRows(db, table), reset.success);
    });
  }
  // The defaults exist from the first start on.
  if (panel.serve.defaults) {
    app.addHook('onReady', async () => {
      const n = (await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
      if (Number(n.n) === 0) await restoreDefaults(app.db, panel);
    });
  }
}

/** The routes of a declaration's served `listRecords` tables. */
export function registerRecordTables(app: FastifyInstance, decl: ResourceDecl): void {
  for (const panel of decl.listRecords ?? []) if (panel.serve) registerTable(app, decl, panel as Served);
}
