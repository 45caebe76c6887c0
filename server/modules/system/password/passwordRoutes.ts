import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { findAction } from '../../../../resources/declaredCalls.js';
import { defaultPasswordTypes } from '../../../auth/passwordPolicy.js';
import { applyFilters, readPaging, readSort } from '../../../crud/listQuery.js';
import { searchOf } from '../../../crud/routes.js';
import { validateRecord } from '../../../crud/validate.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { bodyOf, readId, readIds } from '../../../http/params.js';
import { paginate } from '../../../shared/paging.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { userPasswordRoutes } from './userPassword.js';

const RULE_TABLE = 'password_rule';
const TYPE_TABLE = 'password_type';
/** A character class such as [A-Z] or [^A-Za-z0-9]: one bracket, nothing that can backtrack. */
const CLASS_PATTERN = /^\[\^?[^[\]]{1,60}\]$/;
const MAX_TYPES = 10;

/**
 * Password rules and types (spec part 2 "Password rules and types"; docs/system-security.md).
 * Saving a rule as enabled disables the others: one rule is in force. The enabled rule cannot be deleted.
 */
export async function passwordRoutes(app: FastifyInstance) {
  await app.register(userPasswordRoutes);
  const decl = declarationOf(app, 'passwordRule');
  if (!decl) return;
  const p = decl.permissions;
  const typeKey = findAction(decl, 'typeSave')?.permission ?? 'passwordType:update';
  const db = app.db;

  const findRule = async (id: number) => {
    const row = await db.selectFrom(RULE_TABLE).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return row;
  };

  app.post('/passwordRule/list', { config: { permission: p.list } }, async () =>
    ok(await db.selectFrom(RULE_TABLE).selectAll().orderBy('enabled', 'desc').orderBy('id', 'desc').execute()),
  );

  app.post('/passwordRule/pageList', { config: { permission: p.list } }, async (request) => {
    if (request.body === undefined || request.body === null) throw missingParam('baseSearchDto');
    const search = searchOf(request);
    const sort = readSort(decl, search);
    const q = applyFilters(db.selectFrom(RULE_TABLE), decl, search);
    return ok(await paginate(q, readPaging(search), (rows) => rows.selectAll().orderBy(sql.ref(sort.field), sort.order).orderBy('id', 'desc')));
  });

  app.post('/passwordRule/get', { config: { permission: p.get } }, async (request) => ok(await findRule(readId(request))));

  const saveRule = async (body: Record<string, unknown>) => {
    const rawId = body.id;
    const id = rawId === undefined || rawId === null || rawId === '' ? null : Number(rawId);
    if (id !== null && (!Number.isSafeInteger(id) || id <= 0)) throw notFoundRecord();
    const values = validateRecord(decl, body, id === null ? 'create' : 'update');
    const now = formatDateTime();
    return db.transaction().execute(async (trx) => {
      if (id !== null && !(await trx.selectFrom(RULE_TABLE).select('id').where('id', '=', id).executeTakeFirst())) throw notFoundRecord();
      if (Number(values.enabled) === 1) {
        let q = trx.updateTable(RULE_TABLE).set({ enabled: 0, updateTime: now }).where('enabled', '=', 1);
        if (id !== null) q = q.where('id', '!=', id);
        await q.execute();
      }
      if (id === null) {
        return trx.insertInto(RULE_TABLE).values({ ...values, createTime: now, updateTime: now }).returningAll().executeTakeFirstOrThrow();
      }
      await trx.updateTable(RULE_TABLE).set({ ...values, updateTime: now }).where('id', '=', id).execute();
      return trx.selectFrom(RULE_TABLE).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
  };
  app.post(
    '/passwordRule/saveOrUpdate',
    { config: { permission: (request) => (bodyOf(request).id ? p.update : p.create) } },
    async (request) => {
      const body = bodyOf(request);
      return ok(await saveRule(body), body.id ? '修改成功' : '新增成功');
    },
  );

  const deleteRules = async (ids: number[]) => {
    await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom(RULE_TABLE).select(['id', 'enabled', 'name']).where('id', 'in', ids).execute();
      if (rows.length !== ids.length) throw notFoundRecord();
      const live = rows.find((r) => Number(r.enabled) === 1);
      if (live) throw new PortalError(1005, `密码规则“${String(live.name)}”正在启用，不能删除，请先停用或启用其他规则`);
      await trx.deleteFrom(RULE_TABLE).where('id', 'in', ids).execute();
    });
    return ok(null, '删除成功');
  };
  app.post('/passwordRule/del', { config: { permission: p.delete } }, async (request) => deleteRules([readId(request)]));
  app.post('/passwordRule/dels', { config: { permission: p.delete } }, async (request) => deleteRules(readIds(request)));

  // Character classes. /passwordType/list is our addition: the screen needs them listed.
  const types = () => db.selectFrom(TYPE_TABLE).selectAll().orderBy('id').execute();
  app.post('/passwordType/list', { config: { permission: p.list } }, async () => ok(await types()));
  app.post('/passwordType/get', { config: { permission: p.get } }, async (request) => {
    const row = await db.selectFrom(TYPE_TABLE).selectAll().where('id', '=', readId(request)).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return ok(row);
  });

  const restoreDefaults = async () => {
    const now = formatDateTime();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom(TYPE_TABLE).execute();
      await trx.insertInto(TYPE_TABLE).values(defaultPasswordTypes.map((t) => ({ ...t, remark: '默认', updateTime: now }))).execute();
    });
  };
  app.post('/passwordType/reset', { config: { permission: typeKey } }, async () => {
    await restoreDefaults();
    return ok(await types(), '已恢复默认密码类型');
  });

  app.post('/passwordType/saveOrUpdate', { config: { permission: typeKey } }, async (request) => {
    const body = bodyOf(request);
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const pattern = typeof body.pattern === 'string' ? body.pattern.trim() : '';
    if (!name) throw missingParam('name');
    if (!pattern) throw missingParam('pattern');
    if (name.length > 20) throw invalidValue('类型名称长度不能超过20个字符');
    if (!CLASS_PATTERN.test(pattern)) throw invalidValue('字符规则须为一个字符类，例如 [A-Z] 或 [^A-Za-z0-9]');
    try {
      new RegExp(pattern);
    } catch {
      throw invalidValue('字符规则不是有效的正则表达式');
    }
    const remark = typeof body.remark === 'string' ? body.remark.slice(0, 200) : null;
    const rawId = body.id;
    const now = formatDateTime();
    const row = await db.transaction().execute(async (trx) => {
      if (rawId === undefined || rawId === null || rawId === '') {
        const n = (await trx.selectFrom(TYPE_TABLE).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
        if (Number(n.n) >= MAX_TYPES) throw new PortalError(1005, `密码类型最多${MAX_TYPES}个`);
        return trx.insertInto(TYPE_TABLE).values({ name, pattern, remark, updateTime: now }).returningAll().executeTakeFirstOrThrow();
      }
      const id = Number(rawId);
      if (!Number.isSafeInteger(id) || !(await trx.selectFrom(TYPE_TABLE).select('id').where('id', '=', id).executeTakeFirst())) throw notFoundRecord();
      await trx.updateTable(TYPE_TABLE).set({ name, pattern, remark, updateTime: now }).where('id', '=', id).execute();
      return trx.selectFrom(TYPE_TABLE).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    return ok(row, '保存成功');
  });

  // The four default classes exist from the first start on.
  const n = (await db.selectFrom(TYPE_TABLE).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
  if (Number(n.n) === 0) await restoreDefaults();
}
