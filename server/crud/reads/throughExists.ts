import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { DynamicDb, Row } from '../../db/types.js';
import { notFoundRecord } from '../../http/errors.js';
import { optionalId } from '../../http/params.js';

/**
 * A `through` read's `exists` (resources/shape/reads.ts): the record the search names must be a row of its table
 * (1003 otherwise), checked after `applyThrough` has read the id (1002 for a bad one), the id read as every
 * record id is (digits only: `1e1` is no id). 角色's menus
 * (`/resource/role/list`): an unknown role is not found rather than holding nothing.
 */
export async function throughExists(db: DynamicDb, read: ExtraReadDecl, search: Row): Promise<void> {
  const t = read.through;
  if (!t?.exists || !t.param) return;
  const found = await db.selectFrom(t.exists.table).select(t.exists.key).where(t.exists.key, '=', optionalId(search, t.param)).executeTakeFirst();
  if (!found) throw notFoundRecord();
}
