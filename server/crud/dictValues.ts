import { isVirtualField } from '../../resources/shape/fields.js';
import type { ResourceDecl } from '../../resources/types.js';
import type { DynamicDb as Db, Row } from '../db/types.js';
import { PortalError } from '../http/errors.js';
import { formatDateTime } from '../util/time.js';
import { runtimeOf } from './entity/runtime.js';

/** The data dictionary's table (resources/dataDict.ts): a group row (parentId 0) and its entries. */
const DICT_TABLE = 'data_dict';

const dictFields = (decl: ResourceDecl) => decl.fields.filter((f) => f.type === 'dict' && f.dict && !isVirtualField(f));

/**
 * A `dict` field takes only a key of its dictionary group (1002 with the field's label otherwise). Only
 * the values being written are checked, so a record keeps a value whose entry was later removed.
 */
export async function checkDictValues(db: Db, decl: ResourceDecl, values: Row): Promise<void> {
  // Without the dictionary's declaration (a test app of a few declarations) there is nothing to check against.
  if (![...runtimeOf(decl, db).decls.values()].some((d) => d.table === DICT_TABLE)) return;
  for (const field of dictFields(decl)) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    const hit = await db.selectFrom(DICT_TABLE).select('id').where('dictKey', '=', field.dict as string).where('parentId', '!=', 0).where('key', '=', String(value)).executeTakeFirst();
    if (!hit) throw new PortalError(1002, `${field.label}的值无效：字典中没有“${String(value)}”`);
  }
}

/** Creates the dictionary groups declarations bring (`dictEntries`) that do not exist yet; existing ones stay as staff edited them. */
export async function ensureDeclaredDicts(db: Db, decls: readonly ResourceDecl[]): Promise<void> {
  if (!decls.some((d) => d.table === DICT_TABLE)) return;
  const now = formatDateTime();
  for (const decl of decls) {
    for (const field of dictFields(decl)) {
      if (!field.dictEntries?.length) continue;
      const dictKey = field.dict as string;
      if (await db.selectFrom(DICT_TABLE).select('id').where('dictKey', '=', dictKey).where('parentId', '=', 0).executeTakeFirst()) continue;
      const group = (await db.insertInto(DICT_TABLE).values({ dictKey, key: dictKey, name: field.label, state: 1, parentId: 0, sort: 0, createTime: now, updateTime: now }).returning('id').executeTakeFirstOrThrow()) as { id: number };
      const entries = field.dictEntries.map((e, i) => ({ dictKey, key: e.key, name: e.name, state: 1, parentId: Number(group.id), sort: i, createTime: now, updateTime: now }));
      await db.insertInto(DICT_TABLE).values(entries).execute();
    }
  }
}
