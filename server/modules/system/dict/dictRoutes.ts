import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ResourceDecl } from '../../../../resources/types.js';
import { applyFilters, readPaging, readSort } from '../../../crud/listQuery.js';
import { searchOf } from '../../../crud/routes.js';
import { validateRecord } from '../../../crud/validate.js';
import type { Db, Row, RowUpdate, RowOf } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, notFoundRecord, PortalError } from '../../../http/errors.js';
import { bodyOf, readId, requireString } from '../../../http/params.js';
import { paginate } from '../../../shared/paging.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { allGroups, DICT_TABLE, groupEntries, nest } from './dictService.js';

const KEY_RE = /^[A-Za-z0-9_.:-]{1,50}$/;

async function findRow(db: Db, id: number): Promise<RowOf<'data_dict'>> {
  const row = await db.selectFrom(DICT_TABLE).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFoundRecord();
  return row;
}

async function checkUniqueKey(db: Db, row: Row, exceptId: number | null) {
  let q = db.selectFrom(DICT_TABLE).select('id').where('dictKey', '=', row.dictKey as string);
  q = Number(row.parentId) === 0 ? q.where('parentId', '=', 0) : q.where('parentId', '!=', 0).where('key', '=', row.key as string);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) {
    throw Number(row.parentId) === 0
      ? new PortalError(1004, `字典编码已存在：${String(row.dictKey)}`)
      : new PortalError(1004, `该字典中已存在键：${String(row.key)}`);
  }
}

/**
 * Data dictionary (spec part 2 "Data dictionary"; docs/system-security.md §数据字典). A group is a row
 * with parentId 0; entries hang under it (nested entries allowed) and inherit its dictKey. Deleting a
 * row that still has children is refused.
 */
export async function dictRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'dataDict') as ResourceDecl | undefined;
  if (!decl) return;
  const p = decl.permissions;
  const db = app.db;

  const page = async (search: Record<string, unknown>, where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => {
    const sort = readSort(decl, search);
    return paginate(where(applyFilters(base(), decl, search)), readPaging(search), (q) => q.selectAll().orderBy(sql.ref(sort.field), sort.order).orderBy('id', 'asc'));
  };
  const base = () => db.selectFrom(DICT_TABLE);

  // Everyone logged in reads the dictionary: every dict-backed field of every form needs it.
  app.post('/data/dict/all/kv', async () => ok(await allGroups(db)));
  app.get('/data/dict/view/group', async (request) => ok(await groupEntries(db, requireString(request, 'val'))));

  /** Groups, paged. */
  app.post('/data/dict/list', { config: { permission: p.list } }, async (request) => ok(await page(searchOf(request), (q) => q.where('parentId', '=', 0))));

  /** Direct children of `parentId`, paged; each with `hasChildren`. */
  app.post('/data/dict/list/sub', { config: { permission: p.list } }, async (request) => {
    const search = searchOf(request);
    const parentId = readId({ query: {}, body: search } as unknown as FastifyRequest, 'parentId');
    const result = await page(search, (q) => q.where('parentId', '=', parentId));
    const ids = result.list.map((r) => r.id);
    const withKids = ids.length
      ? ((await base().select('parentId').distinct().where('parentId', 'in', ids).execute()) as { parentId: number }[]).map((r) => r.parentId)
      : [];
    result.list = result.list.map((r) => ({ ...r, hasChildren: withKids.includes(r.id) }));
    return ok(result);
  });

  /** A group's entries (all states) as a tree, by `dictKey` or the group's `id`/`parentId`: the detail screen. */
  app.post('/data/dict/list/subEsType', { config: { permission: p.list } }, async (request) => {
    const search = searchOf(request);
    let group: Row | undefined;
    if (typeof search.dictKey === 'string' && search.dictKey.trim()) {
      group = await base().selectAll().where('dictKey', '=', search.dictKey.trim()).where('parentId', '=', 0).executeTakeFirst();
    } else {
      const id = search.id ?? search.parentId;
      if (id === undefined || id === null || id === '') throw new PortalError(1001, '缺少必填参数：dictKey');
      group = await findRow(db, readId({ query: {}, body: { id } } as unknown as FastifyRequest));
    }
    if (!group || Number(group.parentId) !== 0) throw notFoundRecord();
    const rows = await base().selectAll().where('dictKey', '=', group.dictKey as string).where('parentId', '!=', 0).execute();
    return ok({ group, tree: nest(rows, Number(group.id)) });
  });

  app.post('/data/dict/view', { config: { permission: p.get } }, async (request) => ok(await findRow(db, readId(request))));

  const create = async (request: FastifyRequest, asNode: boolean) => {
    const body = bodyOf(request);
    const values = validateRecord(decl, body, 'create');
    const parentId = Number(values.parentId ?? 0);
    if (!Number.isInteger(parentId) || parentId < 0) throw invalidValue('上级ID格式不正确');
    if (asNode && parentId === 0) throw new PortalError(1001, '缺少必填参数：parentId');
    const now = formatDateTime();
    const row = await db.transaction().execute(async (trx) => {
      if (parentId > 0) {
        const parent = await trx.selectFrom(DICT_TABLE).selectAll().where('id', '=', parentId).executeTakeFirst();
        if (!parent) throw new PortalError(1003, '上级字典项不存在');
        values.dictKey = parent.dictKey; // entries belong to their parent's group
        if (values.key === undefined || values.key === null || values.key === '') throw new PortalError(1001, '缺少必填参数：key');
      } else if (!values.key) {
        values.key = values.dictKey;
      }
      if (!KEY_RE.test(String(values.dictKey))) throw invalidValue('字典编码只能包含字母、数字、下划线、点、冒号和短横线');
      values.parentId = parentId;
      await checkUniqueKey(trx, values, null);
      return trx.insertInto(DICT_TABLE).values({ ...values, createTime: now, updateTime: now }).returningAll().executeTakeFirstOrThrow();
    });
    return ok(row, '新增成功');
  };
  // A group needs its dictKey; an entry's comes from its parent.
  const withDictKey = (request: FastifyRequest) => {
    const body = bodyOf(request);
    const blank = (v: unknown) => v === undefined || v === null || v === '';
    if (Number(body.parentId ?? 0) > 0 && blank(body.dictKey)) body.dictKey = '_';
    // A group's key is its dictKey unless given.
    if (Number(body.parentId ?? 0) === 0 && blank(body.key) && !blank(body.dictKey)) body.key = body.dictKey;
    return request;
  };
  app.post('/data/dict/save', { config: { permission: p.create } }, async (request) => create(withDictKey(request), false));
  app.post('/data/dict/save/node', { config: { permission: p.create } }, async (request) => create(withDictKey(request), true));

  app.post('/data/dict/edit', { config: { permission: p.update } }, async (request) => {
    const id = readId(request);
    const body = { ...bodyOf(request) };
    delete body.parentId; // moving an entry is delete + add
    const changes = validateRecord(decl, body, 'update');
    const row = await db.transaction().execute(async (trx) => {
      const old = await findRow(trx, id);
      const next: Row = { ...old, ...changes };
      if (Number(old.parentId) !== 0) next.dictKey = old.dictKey; // an entry cannot leave its group
      if (next.key === undefined || next.key === null || next.key === '') throw new PortalError(1001, '缺少必填参数：key');
      if (!KEY_RE.test(String(next.dictKey))) throw invalidValue('字典编码只能包含字母、数字、下划线、点、冒号和短横线');
      await checkUniqueKey(trx, next, id);
      const now = formatDateTime();
      await trx.updateTable(DICT_TABLE).set({ ...changes, dictKey: next.dictKey, updateTime: now } as RowUpdate<'data_dict'>).where('id', '=', id).execute();
      // Renaming a group's code renames it on its entries.
      if (Number(old.parentId) === 0 && next.dictKey !== old.dictKey) {
        await trx.updateTable(DICT_TABLE).set({ dictKey: next.dictKey as string }).where('dictKey', '=', old.dictKey as string).where('parentId', '!=', 0).execute();
      }
      return findRow(trx, id);
    });
    return ok(row, '修改成功');
  });

  app.post('/data/dict/del', { config: { permission: p.delete } }, async (request) => {
    const id = readId(request);
    await db.transaction().execute(async (trx) => {
      const row = await findRow(trx, id);
      const child = await trx.selectFrom(DICT_TABLE).select('id').where('parentId', '=', id).executeTakeFirst();
      if (child) {
        throw new PortalError(1005, Number(row.parentId) === 0 ? '该字典下还有字典项，请先删除字典项' : '该字典项下还有子项，请先删除子项');
      }
      await trx.deleteFrom(DICT_TABLE).where('id', '=', id).execute();
    });
    return ok(null, '删除成功');
  });

  await db.schema.createIndex('data_dict_key').ifNotExists().on(DICT_TABLE).columns(['dictKey', 'parentId']).execute();
}
