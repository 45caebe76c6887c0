import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RecordSettingDecl, RecordSettingsDecl } from '../../resources/shape/recordSettings.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type DynamicDb, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue, PortalError } from '../http/errors.js';
import { bodyOf, isBlank, param, readId } from '../http/params.js';
import { describeInput, type InputFields } from '../http/routeInput.js';
import { cleanText } from '../public/text.js';
import { formatDateTime } from '../util/time.js';
import { inTransaction } from './service.js';

/**
 * A declaration's `recordSettings` (resources/shape/recordSettings.ts): settings kept per record of another
 * entity, one row each, on a get and a save call with their request schemas.
 */

/** The value a body gives for one setting: `undefined` when it leaves it as it is. */
function givenValue(f: RecordSettingDecl, body: Record<string, unknown>): unknown {
  if (f.type === 'text') return f.name in body ? cleanText(body[f.name], { label: f.label, max: f.max }) || null : undefined;
  if (isBlank(body[f.name])) return undefined;
  const n = Number(body[f.name]);
  if (!Number.isInteger(n) || n < (f.min ?? 0) || n > f.max) throw invalidValue(f.invalid ?? `${f.label}必须在${f.min ?? 0}到${f.max}之间`);
  return n;
}

function settingsInput(s: RecordSettingsDecl, withBody: boolean) {
  const names = Object.fromEntries(s.params.map((p, i) => [p, ['integer', i === 0 ? '记录ID' : `记录ID（无 ${s.params[0]} 时）`] as const])) as InputFields;
  const body = Object.fromEntries(s.fields.map((f) => [f.name, f.type === 'text' ? ['string', `${f.label}，不超过${f.max}个字符`] : ['integer', `${f.label}，${f.min ?? 0}到${f.max}`]] as const)) as InputFields;
  return describeInput(withBody ? { body, either: names } : { either: names });
}

export function registerRecordSettings(app: FastifyInstance, decl: ResourceDecl): void {
  for (const s of decl.recordSettings ?? []) {
    const db = dynamic(app.db);
    // The record the call names (the first of `params` given) and its title as it stands, else 1003.
    const recordOf = async (request: FastifyRequest): Promise<{ id: number; title: unknown }> => {
      const id = readId(request, s.params.find((p) => !isBlank(param(request, p))) ?? s.params[s.params.length - 1]!);
      const target = app.portal.declarations.find((d) => d.name === s.entity);
      if (!target) throw new Error(`${decl.name}.recordSettings ${s.name}: 没有资源 ${s.entity}`);
      const row = (await db.selectFrom(target.table).select(target.titleField).where(target.idField, '=', id).executeTakeFirst()) as Row | undefined;
      if (!row) throw new PortalError(1003, s.missing ?? `${target.label}不存在`);
      return { id, title: row[target.titleField] };
    };
    const stored = (q: DynamicDb, id: number) => q.selectFrom(s.table).selectAll().where(s.key, '=', id).executeTakeFirst() as Promise<Row | undefined>;

    app.post(s.get, { config: { permission: s.permission }, schema: settingsInput(s, false), attachValidation: true }, async (request) => {
      const { id, title } = await recordOf(request);
      const defaults = Object.fromEntries(s.fields.map((f) => [f.name, f.default ?? null]));
      return ok((await stored(db, id)) ?? { id: null, [s.key]: id, [s.title]: title, ...defaults });
    });

    app.post(s.save, { config: { permission: s.permission }, schema: settingsInput(s, true), attachValidation: true }, async (request) => {
      const body = bodyOf(request);
      const { id, title } = await recordOf(request);
      const values: Row = { [s.title]: title, updateTime: formatDateTime() };
      for (const f of s.fields) {
        const v = givenValue(f, body);
        if (v !== undefined) values[f.name] = v;
      }
      const row = await inTransaction(db, async (trx) => {
        if (await stored(trx, id)) await trx.updateTable(s.table).set(values).where(s.key, '=', id).execute();
        else await trx.insertInto(s.table).values({ [s.key]: id, ...values }).execute();
        return (await stored(trx, id))!;
      });
      return ok(row, s.saved ?? '保存成功');
    });
  }
}
