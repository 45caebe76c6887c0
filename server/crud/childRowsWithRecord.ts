import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { ChildDecl } from '../../resources/relations/children.js';
import type { ResourceDecl } from '../../resources/types.js';
import type { Row } from '../db/types.js';
import { alreadyExists } from '../http/errors.js';
import { writeChildRow } from './childRowCalls.js';
import { childRowHooksOf } from './entity/childRowHooks.js';
import type { EntityContext } from './entity/types.js';

/**
 * `rowCalls.withRecord` (resources/relations/childRowCalls.ts): a new record's body may bring its first rows
 * under the collection's name (none when absent or no list). Each is checked by the behaviour's `childRows`
 * beforeValidate as an add call's body, the sent rows are `unique` among themselves (1004), and after the
 * record is stored each is written as the add call writes one (server/crud/childRowCalls.ts), in order.
 */
export function rowsWithRecordHooks(decl: ResourceDecl): Hooks {
  const children = (decl.children ?? []).filter((c) => c.rowCalls?.withRecord);
  if (!children.length) return {};
  const pending = new WeakMap<object, Map<string, Row[]>>();
  const sentOf = (data: RecordData, child: ChildDecl) => (Array.isArray(data[child.name]) ? (data[child.name] as unknown[]) : []);
  return {
    beforeValidate: [({ operation, data, ctx }) => void (operation === 'create' && pending.set(ctx, new Map(children.map((c) => [c.name, sentOf(data, c) as Row[]]))))],
    // After the record's own checks, before its `unique` fields are looked up (as the entity's hooks run).
    beforeChange: [
      async ({ operation, ctx }) => {
        const rows = pending.get(ctx);
        if (operation !== 'create' || !rows) return;
        for (const child of children) {
          const check = childRowHooksOf(child).beforeValidate;
          const checked: Row[] = [];
          for (const sent of rows.get(child.name) ?? []) checked.push(check ? await check({ operation: 'create', data: (sent ?? {}) as Row }) : (sent as Row));
          for (const { field, label } of child.rowCalls?.unique ?? []) {
            const seen = new Set<unknown>();
            for (const row of checked) {
              if (seen.has(row[field])) throw alreadyExists(label, row[field]);
              seen.add(row[field]);
            }
          }
          rows.set(child.name, checked);
        }
      },
    ],
    afterChange: [
      async ({ operation, record, ctx }) => {
        const rows = pending.get(ctx);
        if (operation !== 'create' || !rows) return;
        const parentId = record[decl.idField];
        for (const child of children) for (const values of rows.get(child.name) ?? []) await writeChildRow(child, { parent: record, parentId, values, ctx: ctx as EntityContext });
      },
    ],
  };
}
