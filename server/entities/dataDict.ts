import type { RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { DynamicDb } from '../db/types.js';
import { invalidValue, PortalError } from '../http/errors.js';
import { DICT_TABLE, dictBody } from '../modules/system/dict/dictService.js';

const KEY_RE = /^[A-Za-z0-9_.:-]{1,50}$/;
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A group's dictKey is unique among groups; an entry's key within its group. */
async function checkUniqueKey(trx: DynamicDb, row: RecordData, exceptId: number | null) {
  let q = trx.selectFrom(DICT_TABLE).select('id').where('dictKey', '=', String(row.dictKey));
  q = Number(row.parentId) === 0 ? q.where('parentId', '=', 0) : q.where('parentId', '!=', 0).where('key', '=', String(row.key));
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) {
    throw Number(row.parentId) === 0 ? new PortalError(1004, `字典编码已存在：${String(row.dictKey)}`) : new PortalError(1004, `该字典中已存在键：${String(row.key)}`);
  }
}

function checkCodes(row: RecordData) {
  if (blank(row.key)) throw new PortalError(1001, '缺少必填参数：key');
  if (!KEY_RE.test(String(row.dictKey))) throw invalidValue('字典编码只能包含字母、数字、下划线、点、冒号和短横线');
}

/**
 * 数据字典 (spec part 2 "Data dictionary"; docs/system-security.md §数据字典): one table; a group is a row
 * with parentId 0, its entries (nested allowed) carry its dictKey. The generic list shows the groups;
 * /data/dict/list/sub, /subEsType and /save/node are server/modules/system/dict/; the readers are declared.
 */
export default defineBehaviour({
  name: 'dataDict',
  hooks: {
    beforeValidate: [
      ({ operation, data }) => {
        if (operation === 'create') return dictBody(data);
        const out = { ...data };
        delete out.parentId; // moving an entry is delete + add
        return out;
      },
    ],
    beforeChange: [
      async ({ operation, data, original, ctx }) => {
        if (operation === 'update' && original) {
          const next: RecordData = { ...original, ...data };
          if (Number(original.parentId) !== 0) next.dictKey = original.dictKey; // an entry cannot leave its group
          checkCodes(next);
          await checkUniqueKey(ctx.trx, next, Number(original.id));
          return { ...data, dictKey: next.dictKey };
        }
        const values: RecordData = { ...data, parentId: Number(data.parentId ?? 0) };
        if (Number(values.parentId) > 0) {
          const parent = (await ctx.trx.selectFrom(DICT_TABLE).selectAll().where('id', '=', values.parentId).executeTakeFirst()) as RecordData | undefined;
          if (!parent) throw new PortalError(1003, '上级字典项不存在');
          values.dictKey = parent.dictKey; // entries belong to their parent's group
          if (blank(values.key)) throw new PortalError(1001, '缺少必填参数：key');
        } else if (!values.key) {
          values.key = values.dictKey;
        }
        checkCodes(values);
        await checkUniqueKey(ctx.trx, values, null);
        return values;
      },
    ],
    afterChange: [
      async ({ operation, record, previous, ctx }) => {
        // Renaming a group's code renames it on its entries.
        if (operation !== 'update' || !previous || Number(previous.parentId) !== 0 || record.dictKey === previous.dictKey) return;
        await ctx.trx.updateTable(DICT_TABLE).set({ dictKey: record.dictKey }).where('dictKey', '=', previous.dictKey).where('parentId', '!=', 0).execute();
      },
    ],
    // The generic list (and its export) is the groups' list; entries are listed under their group
    // (/data/dict/list/sub) and read whole by the declared `groups` reads (resources/dataDict.ts).
    listWhere: [() => ({ parentId: 0 })],
    beforeDelete: [
      async ({ records, ctx }) => {
        for (const row of records) {
          const child = await ctx.trx.selectFrom(DICT_TABLE).select('id').where('parentId', '=', row.id).executeTakeFirst();
          if (child) throw new PortalError(1005, Number(row.parentId) === 0 ? '该字典下还有字典项，请先删除字典项' : '该字典项下还有子项，请先删除子项');
        }
      },
    ],
  },
});
