import type { FastifyInstance } from 'fastify';
import { findAction } from '../../../../resources/declaredCalls.js';
import { defaultPasswordTypes } from '../../../auth/passwordPolicy.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord, PortalError } from '../../../http/errors.js';
import { bodyOf, readId } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { userPasswordRoutes } from './userPassword.js';

const TYPE_TABLE = 'password_type';
/** A character class such as [A-Z] or [^A-Za-z0-9]: one bracket, nothing that can backtrack. */
const CLASS_PATTERN = /^\[\^?[^[\]]{1,60}\]$/;
const MAX_TYPES = 10;

// Request schemas for the OpenAPI document: descriptive only (every value optional, extra keys kept),
// the handlers' own checks answer a refusal in Chinese as before.
const ID_INPUT = { querystring: { type: 'object', properties: { id: { type: ['integer', 'string'], description: '记录ID' } } } } as const;
const NO_INPUT = { body: { type: ['object', 'null'] } } as const;
const TYPE_INPUT = {
  body: {
    type: 'object',
    properties: {
      id: { type: ['integer', 'string', 'null'], description: '类型ID（修改时）' },
      name: { type: 'string', description: '类型名称，不超过20个字符' },
      pattern: { type: 'string', description: '字符规则：一个字符类，例如 [A-Z]' },
      remark: { type: ['string', 'null'] },
    },
  },
} as const;

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

  // The rules' list, whole list (a declared read), get, save, deletes and the single delete (`api.alsoAt`) are
  // the generic routes (server/entities/passwordRule.ts holds the one-enabled rule).

  // Character classes. /passwordType/list is our addition: the screen needs them listed.
  const types = () => db.selectFrom(TYPE_TABLE).selectAll().orderBy('id').execute();
  app.post('/passwordType/list', { config: { permission: p.list }, schema: NO_INPUT, attachValidation: true }, async () => ok(await types()));
  app.post('/passwordType/get', { config: { permission: p.get }, schema: ID_INPUT, attachValidation: true }, async (request) => {
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
  app.post('/passwordType/reset', { config: { permission: typeKey }, schema: NO_INPUT, attachValidation: true }, async () => {
    await restoreDefaults();
    return ok(await types(), '已恢复默认密码类型');
  });

  app.post('/passwordType/saveOrUpdate', { config: { permission: typeKey }, schema: TYPE_INPUT, attachValidation: true }, async (request) => {
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
