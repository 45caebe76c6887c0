import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { FieldDecl, ResourceDecl } from '../../resources/types.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import { invalidValue, missingParam } from '../http/errors.js';
import type { EntityContext } from './entity/types.js';

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The ids of an `idsOf` field checked and stored as the server's comma list: each a positive integer (an
 * array or a comma list), at most `max`, each a record of the resource the `by` field names (its
 * `<label><resource label>不存在：…` otherwise); `names` stores their titles joined by 、, never the client's.
 */
async function checkIds(db: Db, field: FieldDecl, by: unknown, raw: unknown, declOf: (name: string) => ResourceDecl | undefined): Promise<RecordData | null> {
  const idsOf = field.idsOf!;
  if (blank(raw)) throw missingParam(field.name);
  if (typeof raw !== 'string' && typeof raw !== 'number' && !Array.isArray(raw)) throw invalidValue(`${field.label}格式不正确`);
  const parts = (Array.isArray(raw) ? raw : String(raw).split(/[,，\s]+/)).map((p) => String(p).trim()).filter((p) => p !== '');
  const ids = [...new Set(parts.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
  if (ids.length === 0 || ids.length !== parts.length) throw invalidValue(`${field.label}格式不正确，应为ID列表，多个用英文逗号分隔`);
  if (idsOf.max !== undefined && ids.length > idsOf.max) throw invalidValue(`${field.label}不能超过${idsOf.max}个`);
  const target = idsOf.resources[String(by)];
  const decl = target && declOf(target.resource);
  if (!target || !decl) return null; // an unknown kind: the enum check of `by` answers 1002
  const rows = (await db.selectFrom(decl.table).select([decl.idField, decl.titleField]).where(decl.idField, 'in', ids).execute()) as Row[];
  const names = new Map(rows.map((r) => [Number(r[decl.idField]), String(r[decl.titleField])]));
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length) throw invalidValue(`${field.label}${target.label}不存在：${missing.join(',')}`);
  return { [field.name]: ids.join(','), ...(idsOf.names ? { [idsOf.names]: ids.map((id) => names.get(id)).join('、') } : {}) };
}

/** `idsOf` fields as a beforeValidate hook, run after the entity's own (server/crud/entity/attach.ts). */
export function idsOfHooks(decl: ResourceDecl, declOf: (name: string) => ResourceDecl | undefined): Hooks {
  const fields = decl.fields.filter((f) => f.idsOf);
  return {
    beforeValidate: [
      async ({ data, original, ctx }) => {
        const out: RecordData = { ...data };
        for (const f of fields) {
          const idsOf = f.idsOf!;
          if (idsOf.names) delete out[idsOf.names];
          if (out[f.name] === undefined && out[idsOf.by] === undefined) continue;
          const by = out[idsOf.by] ?? original?.[idsOf.by] ?? decl.fields.find((x) => x.name === idsOf.by)?.default;
          Object.assign(out, await checkIds((ctx as EntityContext).trx, f, by, out[f.name] !== undefined ? out[f.name] : original?.[f.name], declOf));
        }
        return out;
      },
    ],
  };
}
