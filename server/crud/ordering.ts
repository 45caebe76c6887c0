import type { FastifyInstance } from 'fastify';
import type { OrderingDecl } from '../../resources/shape/ordering.js';
import type { ResourceDecl } from '../../resources/types.js';
import type { Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue, notFoundRecord, PortalError } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { bodyOf, firstId, queryOf } from '../http/params.js';
import { describeInput } from '../http/routeInput.js';
import type { LocalApi } from './entity/types.js';

/**
 * A write's intent (a Symbol key: no request body carries it): the write only sets the record's place in
 * the declared `ordering`. A behaviour's hooks read it to leave out what an edit does (文章: the state
 * check, the history).
 */
export const ORDER_ONLY = Symbol('ordering.orderOnly');
export const isOrderOnly = (data: object) => (data as Record<symbol, unknown>)[ORDER_ONLY] === true;

/** The record in the caller's reach, or 1003. */
async function reached(api: LocalApi, decl: ResourceDecl, id: number): Promise<Row> {
  const row = await api.findById(decl.name, id);
  if (!row) throw notFoundRecord();
  return row;
}

const place = (api: LocalApi, decl: ResourceDecl, o: OrderingDecl, id: number, value: number) =>
  api.asSystem().update(decl.name, id, { [o.field]: value, [ORDER_ONLY]: true });

/** `set` and `up` of the declaration's `ordering` (resources/shape/ordering.ts). */
export function registerOrderingRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  const o = decl.ordering;
  if (!o) return;
  const key = decl.idField;
  const ids = { [key]: ['integer', `${decl.label}ID`], id: ['integer', `${decl.label}ID（同 ${key}）`] } as const;
  const config = { permission: o.permission };

  const setSchema = describeInput({ body: { list: ['array', `多条：[{ ${key}, ${o.field} }]`] }, either: { ...ids, [o.field]: ['integer', `排序，${o.min}到${o.max}`] } });
  app.post(o.set.path, { config, schema: setSchema, attachValidation: true }, async (request) => {
    const body = bodyOf(request);
    const query = queryOf(request);
    const items: { id: number; value: number }[] = Array.isArray(body.list)
      ? (body.list as Row[]).map((it) => ({ id: firstId({}, it ?? {}, [key]), value: Number(it?.[o.field]) }))
      : [{ id: firstId(query, body, [key, 'id']), value: Number(body[o.field] ?? query[o.field]) }];
    for (const it of items) if (!Number.isInteger(it.value) || it.value < o.min || it.value > o.max) throw invalidValue(o.set.invalid);
    await app.entities.transaction(currentUser(request), async (api) => {
      for (const it of items) {
        await reached(api, decl, it.id);
        await place(api, decl, o, it.id, it.value);
      }
    });
    return ok(items.length, o.set.success);
  });

  app.post(o.up.path, { config, schema: describeInput({ either: ids }), attachValidation: true }, async (request) => {
    const id = firstId(queryOf(request), bodyOf(request), [key, 'id']);
    await app.entities.transaction(currentUser(request), async (api) => {
      const row = await reached(api, decl, id);
      const group = await api.asSystem().find(decl.name, { where: { [o.within]: row[o.within] as number }, sort: o.by, limit: 1_000_000 });
      const at = group.findIndex((r) => Number(r[key]) === id);
      if (at <= 0) throw new PortalError(1005, o.up.first);
      const prev = group[at - 1] as Row;
      const mine = Number(row[o.field]);
      const theirs = Number(prev[o.field]);
      if (mine === theirs) return void (await place(api, decl, o, id, theirs + 1));
      await place(api, decl, o, id, theirs);
      await place(api, decl, o, Number(prev[key]), mine);
    });
    return ok(id, o.up.success);
  });
}
