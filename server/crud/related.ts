import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RelatedDecl } from '../../resources/relations/related.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { bodyOf, firstId, queryOf } from '../http/params.js';
import { describeInput } from '../http/routeInput.js';
import { formatDateTime } from '../util/time.js';
import type { LocalApi } from './entity/types.js';

const idOf = (request: FastifyRequest, names: readonly string[]) => firstId(queryOf(request), bodyOf(request), names);

/** The related ids of an add: `<to>s`, `<to>` or `ids`, an array or a comma list. */
function addedIds(rel: RelatedDecl, body: Row): number[] {
  const name = `${rel.to}s`;
  const raw = body[name] ?? body[rel.to] ?? body.ids;
  if (raw === undefined || raw === null || raw === '') throw missingParam(name);
  const ids = [...new Set((Array.isArray(raw) ? raw : String(raw).split(',')).map(Number))];
  if (ids.length === 0 || ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw invalidValue(`参数格式不正确：${name}`);
  if (ids.length > rel.max) throw invalidValue(rel.messages.tooMany);
  return ids;
}

/** The record in the caller's reach (its get's access, scope and grants), or 1003. */
async function reached(api: LocalApi, decl: ResourceDecl, id: number): Promise<void> {
  if (!(await api.findById(decl.name, id))) throw notFoundRecord();
}

/** The relations of a record, oldest first, each with the related record's declared `fields`. */
async function relationsOf(app: FastifyInstance, decl: ResourceDecl, rel: RelatedDecl, id: number): Promise<Row[]> {
  const rows = (await dynamic(app.db).selectFrom(rel.table).select(['id', rel.from, rel.to]).where(rel.from, '=', id).orderBy('id', 'asc').execute()) as Row[];
  if (!rows.length) return [];
  const found = await app.entities.api().find(decl.name, { where: { [decl.idField]: rows.map((r) => Number(r[rel.to])) } });
  const byId = new Map(found.map((r) => [Number(r[decl.idField]), r]));
  return rows.flatMap((r) => {
    const other = byId.get(Number(r[rel.to]));
    if (!other) return [];
    return [{ id: Number(r.id), [rel.from]: Number(r[rel.from]), [rel.to]: Number(r[rel.to]), ...Object.fromEntries(rel.fields.map((f) => [f, other[f] ?? null])) }];
  });
}

/** The `related` calls of a declaration (resources/relations/related.ts): list, add, remove. */
export function registerRelatedRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  const rel = decl.related;
  const extra = decl.api.extra ?? {};
  if (!rel) return;
  const pathOf = (name: string) => {
    const call = extra[name];
    if (!call) throw new Error(`resources/${decl.name}.ts: related.calls 指向不存在的 api.extra 调用 ${name}`);
    return call.path;
  };
  const what = decl.label;
  const { get: getKey, update: updateKey } = decl.permissions;
  const listSchema = describeInput({ either: { id: ['integer', `${what}ID`], [rel.from]: ['integer', `${what}ID（同 id）`] } });
  app.post(pathOf(rel.calls.list), { config: { permission: getKey }, schema: listSchema, attachValidation: true }, async (request) => {
    const id = idOf(request, ['id', rel.from]);
    await reached(app.entities.api(currentUser(request)), decl, id);
    return ok(await relationsOf(app, decl, rel, id));
  });

  const ids = ['ids', `${rel.label}ID：数组或以逗号分隔（最多${rel.max}条）`] as const;
  const addSchema = describeInput({ body: { [`${rel.to}s`]: ids, [rel.to]: ids, ids }, either: { [rel.from]: ['integer', `${what}ID（必填）`] } });
  app.post(pathOf(rel.calls.add), { config: { permission: updateKey }, schema: addSchema, attachValidation: true }, async (request) => {
    const id = idOf(request, [rel.from]);
    const added = addedIds(rel, bodyOf(request));
    if (added.includes(id)) throw invalidValue(rel.messages.self);
    await app.entities.transaction(currentUser(request), async (api, trx) => {
      await reached(api, decl, id);
      if ((await api.asSystem().find(decl.name, { where: { [decl.idField]: added } })).length !== added.length) throw invalidValue(rel.messages.missing);
      const have = new Set(((await dynamic(trx).selectFrom(rel.table).select(rel.to).where(rel.from, '=', id).execute()) as Row[]).map((r) => Number(r[rel.to])));
      const now = formatDateTime();
      for (const to of added) if (!have.has(to)) await dynamic(trx).insertInto(rel.table).values({ [rel.from]: id, [rel.to]: to, createTime: now }).execute();
    });
    return ok(await relationsOf(app, decl, rel, id), '保存成功');
  });

  const removeSchema = describeInput({ either: { id: ['integer', `关联记录ID（${pathOf(rel.calls.list)} 答复中的 id）`] } });
  app.post(pathOf(rel.calls.remove), { config: { permission: updateKey }, schema: removeSchema, attachValidation: true }, async (request) => {
    const id = idOf(request, ['id']);
    const row = (await dynamic(app.db).selectFrom(rel.table).select(['id', rel.from]).where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) throw notFoundRecord();
    await reached(app.entities.api(currentUser(request)), decl, Number(row[rel.from]));
    await dynamic(app.db).deleteFrom(rel.table).where('id', '=', id).execute();
    return ok(null, '删除成功');
  });
}
