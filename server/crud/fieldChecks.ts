import { Refusal, type Hooks, type RecordData } from '../../resources/behaviour.js';
import type { FieldDecl, ResourceDecl } from '../../resources/types.js';
import type { DynamicDb } from '../db/types.js';
import { pathSegments } from '../files/confine.js';
import type { EntityContext } from './entity/types.js';
import { isBlank } from './validate.js';

const given = (v: unknown) => !isBlank(v) && Number(v) !== 0;

/** A `mustExist` reference (resources/shape/fields.ts): the record it names, as the record will stand. */
async function checkReference(db: DynamicDb, decl: ResourceDecl, f: FieldDecl, target: ResourceDecl, merged: RecordData, original: RecordData | undefined): Promise<void> {
  const rule = f.mustExist!;
  const value = merged[f.name];
  if (!given(value)) return;
  if (rule.self && original && Number(value) === Number(original[decl.idField])) throw new Refusal(1002, rule.self);
  if (!(await db.selectFrom(target.table).select(target.idField).where(target.idField, '=', Number(value)).executeTakeFirst())) throw new Refusal(1002, rule.missing);
}

/** A `fileOf` value sent (resources/shape/fields.ts): a confined relative path with one of the call's endings. */
function checkFile(decl: ResourceDecl, f: FieldDecl, value: unknown): void {
  const ends = decl.api.extra?.[f.fileOf!.call]?.files?.ext ?? [];
  if (typeof value !== 'string' || value === '') return;
  try {
    pathSegments(value);
  } catch {
    throw new Refusal(1002, `${f.label}路径无效`);
  }
  if (!ends.some((e) => value.toLowerCase().endsWith(`.${e.toLowerCase()}`))) throw new Refusal(1002, `${f.label}${f.fileOf!.wrongEnding}`);
}

/** `mustExist` and `fileOf` fields as a beforeChange hook, run after the entity's own (server/crud/entity/attach.ts). */
export function fieldCheckHooks(decl: ResourceDecl, declOf: (name: string) => ResourceDecl | undefined): Hooks {
  return {
    beforeChange: [
      async ({ data, original, ctx }) => {
        const out: RecordData = { ...data };
        const merged = { ...original, ...data };
        // The references first, then the files (each in the fields' order).
        for (const f of decl.fields) {
          const target = f.mustExist && f.reference ? declOf(f.reference) : undefined;
          if (target) await checkReference((ctx as EntityContext).trx, decl, f, target, merged, original);
          if (f.mustExist && data[f.name] === 0) out[f.name] = null;
        }
        for (const f of decl.fields) if (f.fileOf) checkFile(decl, f, data[f.name]);
        return out;
      },
    ],
  };
}
