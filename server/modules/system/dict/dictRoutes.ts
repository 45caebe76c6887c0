import { declaredInput, describeInput } from '../../../http/routeInput.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { applyFilters, readPaging, readSort } from '../../../crud/listQuery.js';
import { searchOf } from '../../../crud/routes.js';
import { validateRecord } from '../../../crud/validate.js';
import type { Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, readId } from '../../../http/params.js';
import { paginate } from '../../../shared/paging.js';
import { declarationOf } from '../../declarationLookup.js';
import { nestUnder } from '../../../crud/reads/groups.js';
import { DICT_TABLE, dictBody } from './dictService.js';

/**
 * Data dictionary (spec part 2 "Data dictionary"; docs/system-security.md §数据字典) beside its generic
 * routes (list of groups, view, save, edit, del: server/entities/dataDict.ts) and its declared readers
 * (`/all/kv`, `/view/group`: `groups` reads): an entry's children, a group's tree, and /save/node.
 */
export async function dictRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'dataDict');
  if (!decl) return;
  const p = decl.permissions;
  const db = app.db;
  const base = () => db.selectFrom(DICT_TABLE);
  const input = {
    sub: declaredInput(decl, 'list', { parentId: ['integer', '上级字典项ID（必填）'] }),
    tree: describeInput({ either: { dictKey: ['string', '字典分组键'], id: ['integer', '分组ID（无 dictKey 时）'], parentId: ['integer', '分组ID（同 id）'] } }),
    node: declaredInput(decl, 'create', { parentId: ['integer', '上级字典项ID（必填，大于0）'] }),
  };

  /** Direct children of `parentId`, paged; each with `hasChildren`. */
  app.post('/data/dict/list/sub', { config: { permission: p.list }, schema: input.sub, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const parentId = readId({ query: {}, body: search } as unknown as FastifyRequest, 'parentId');
    const sort = readSort(decl, search);
    const result = await paginate(applyFilters(base(), decl, search).where('parentId', '=', parentId), readPaging(search), (q) =>
      q.selectAll().orderBy(sql.ref(sort.field), sort.order).orderBy('id', 'asc'),
    );
    const ids = result.list.map((r) => r.id);
    const withKids = ids.length ? ((await base().select('parentId').distinct().where('parentId', 'in', ids).execute()) as { parentId: number }[]).map((r) => r.parentId) : [];
    result.list = result.list.map((r) => ({ ...r, hasChildren: withKids.includes(r.id) }));
    return ok(result);
  });

  /** A group's entries (all states) as a tree, by `dictKey` or the group's `id`/`parentId`: the detail screen. */
  app.post('/data/dict/list/subEsType', { config: { permission: p.list }, schema: input.tree, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    let group: Row | undefined;
    if (typeof search.dictKey === 'string' && search.dictKey.trim()) {
      group = await base().selectAll().where('dictKey', '=', search.dictKey.trim()).where('parentId', '=', 0).executeTakeFirst();
    } else {
      const id = search.id ?? search.parentId;
      if (id === undefined || id === null || id === '') throw new PortalError(1001, '缺少必填参数：dictKey');
      group = await base().selectAll().where('id', '=', readId({ query: {}, body: { id } } as unknown as FastifyRequest)).executeTakeFirst();
      if (!group) throw notFoundRecord();
    }
    if (!group || Number(group.parentId) !== 0) throw notFoundRecord();
    const rows = await base().selectAll().where('dictKey', '=', group.dictKey as string).where('parentId', '!=', 0).orderBy('sort').orderBy('id').execute();
    return ok({ group, tree: nestUnder(rows, decl, 'parentId', group.id) });
  });

  // An entry under its parent: the save's rules (server/entities/dataDict.ts), with the parent required.
  app.post('/data/dict/save/node', { config: { permission: p.create }, schema: input.node, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    if (!(Number(body.parentId ?? 0) > 0)) {
      validateRecord(decl, dictBody(body), 'create'); // a field's own fault first, as the save answers it
      throw new PortalError(1001, '缺少必填参数：parentId');
    }
    return ok(await app.entities.api(currentUser(request)).create('dataDict', body), '新增成功');
  });

  await db.schema.createIndex('data_dict_key').ifNotExists().on(DICT_TABLE).columns(['dictKey', 'parentId']).execute();
}
