import { Refusal, type RecordData } from '../../resources/behaviour.js';
import { departmentAndDescendants } from '../auth/dataScope.js';
import { clearAccount } from '../auth/loginThrottle.js';
import { hashPassword, randomPassword } from '../auth/password.js';
import { currentPasswordRule, currentPasswordTypes, passwordProblem, validateNewPassword } from '../auth/passwordPolicy.js';
import { ActionAnswer } from '../crud/actions.js';
import { defineBehaviour } from '../crud/entity/define.js';
import { linkStepRun } from '../crud/linkSteps.js';
import userDecl from '../../resources/user.js';
import type { EntityContext } from '../crud/entity/types.js';
import type { Db, DynamicDb } from '../db/types.js';
import { forbidden, invalidValue, missingParam, notFoundRecord } from '../http/errors.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { idsOf, isBlank, optionalId } from '../http/params.js';
import { visibleDepartmentIds } from './department.js';
import { ADMIN_ROLE_ALIAS } from './role.js';

/** Password-state columns of `users` (server/auth/): never answered (the hash is the write-only field's column). */
const PASSWORD_STATE = ['passwordChangedAt', 'failedLogins', 'lockedUntil', 'mustChangePassword'] as const;

const has = (data: RecordData, key: string) => Object.prototype.hasOwnProperty.call(data, key);
const typed = (trx: DynamicDb) => trx as unknown as Db;

/** Only a holder of the 系统管理员 role may hand it out or take it away. */
export async function guardAdminRole(trx: DynamicDb, caller: PortalUser, roleIds: readonly number[]): Promise<void> {
  if (!roleIds.length) return;
  const admin = (await trx.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst()) as { roleId: number } | undefined;
  if (admin && roleIds.includes(Number(admin.roleId)) && !caller.roleIds.includes(Number(admin.roleId))) {
    throw new Refusal(1005, '只有系统管理员可以分配系统管理员角色');
  }
}

async function rolesOf(trx: DynamicDb, userId: unknown): Promise<number[]> {
  return ((await trx.selectFrom('user_roles').select('roleId').where('userId', '=', userId).execute()) as { roleId: number }[]).map((r) => Number(r.roleId));
}

/** What a save carried beyond the columns, from beforeValidate to beforeChange (one ctx per operation). */
const pending = new WeakMap<object, { deptId?: number; password?: string }>();

/** The department of a save: required on create; when given it must exist and lie in the caller's scope. */
async function checkDept(data: RecordData, operation: 'create' | 'update', ctx: EntityContext): Promise<number | undefined> {
  const given = has(data, 'deptId');
  const deptId = optionalId(data, 'deptId');
  if ((operation === 'create' || given) && deptId === null) throw missingParam('deptId');
  if (deptId === null) return undefined;
  const dept = await ctx.trx.selectFrom('departments').select('id').where('id', '=', deptId).executeTakeFirst();
  if (!dept) throw invalidValue('所属部门不存在');
  // Users are placed only in the departments the caller reaches (SELF: none).
  const reach = ctx.caller.dataScope === 'SELF' ? [] : await visibleDepartmentIds(ctx.caller, ctx.api.asSystem());
  if (reach !== null && !reach.includes(deptId)) throw notFoundRecord();
  return deptId;
}

/** `roleId` and `roleIds` as the declared link's one list; granting needs 用户授权 and the admin guard both ways. */
async function checkRoles(data: RecordData, original: RecordData | undefined, ctx: EntityContext): Promise<number[] | undefined> {
  if (isBlank(data.roleId) && !Array.isArray(data.roleIds)) return undefined;
  const ids = [...new Set([...idsOf(data.roleId, 'roleId'), ...(Array.isArray(data.roleIds) ? idsOf(data.roleIds, 'roleIds') : [])])];
  if (ids.length) {
    const found = await ctx.trx.selectFrom('roles').select('roleId').where('roleId', 'in', ids).execute();
    if (found.length !== ids.length) throw invalidValue('角色不存在');
  }
  if (!ctx.caller.permissions.has('user:grant')) throw forbidden();
  await guardAdminRole(ctx.trx, ctx.caller, ids);
  if (original) await guardAdminRole(ctx.trx, ctx.caller, (await rolesOf(ctx.trx, original.userId)).filter((r) => !ids.includes(r)));
  return ids;
}

/**
 * 用户管理: the password (create only; 密码规则 applied, argon2-hashed, changed by its user at the first
 * login), the department (an account's own, not the caller's: in the caller's scope), the role grants (the
 * declared link, behind 用户授权 and the 系统管理员 guard), the current user who cannot be disabled or deleted,
 * the sessions that go with an account. The department and role names every answer carries are declared `answers`.
 */
/** The declared link step of 移除角色 (resources/user.ts `linkStep`). */
const removeRoles = linkStepRun(userDecl, userDecl.actions!.find((a) => a.name === 'delRole')!.linkStep!);

export default defineBehaviour({
  name: 'user',
  actions: {
    // 移除角色: the declared link step (server/crud/linkSteps.ts), but never the caller's own 系统管理员 role.
    delRole: async (args) => {
      const { body, ctx } = args;
      const ids = (names: string[]) => names.flatMap((n) => idsOf(body[n], n));
      if (ids(['userId', 'userIds']).includes(ctx.caller.userId)) {
        const admin = (await ctx.trx.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst()) as { roleId: number } | undefined;
        if (admin && ids(['roleId', 'roleIds']).includes(Number(admin.roleId))) throw new Refusal(1005, '不能移除本人的系统管理员角色');
      }
      return removeRoles(args);
    },
    // 重置密码: a new random password that satisfies the rule in force, answered once; changed at the next login.
    resetPwd: async ({ records: [target], ctx }) => {
      if (!target) throw notFoundRecord();
      const db = typed(ctx.trx);
      const userId = Number(target.userId);
      const username = String(target.username);
      const password = await generatePassword(db, username);
      await storePassword(db, userId, await hashPassword(password), 1, ctx.now);
      await db.updateTable('sessions').set({ revoked: 1 }).where('userId', '=', userId).execute();
      await clearAccount(db, userId);
      return new ActionAnswer({ userId, username, password }, '密码已重置，请将新密码告知用户，该用户下次登录须修改密码');
    },
    // 解除锁定 (docs/system-security.md "Lockout"): the account's lock and every address's lock on it.
    unlock: async ({ records: [target], ctx }) => {
      if (!target) throw notFoundRecord();
      await setAccountLock(typed(ctx.trx), Number(target.userId), null);
      await clearAccount(typed(ctx.trx), Number(target.userId));
      return null;
    },
  },
  hooks: {
    beforeValidate: [
      async ({ operation, data, original, ctx }) => {
        const out: RecordData = { ...data };
        const saved: { deptId?: number; password?: string } = {};
        if (operation === 'update') delete out.password;
        else if (!isBlank(out.password) && typeof out.password !== 'string') throw invalidValue('密码必须是文本');
        else if (typeof out.password === 'string') saved.password = out.password;
        saved.deptId = await checkDept(out, operation, ctx);
        const roleIds = await checkRoles(out, original, ctx);
        delete out.roleId;
        if (roleIds) out.roleIds = roleIds;
        else delete out.roleIds;
        pending.set(ctx, saved);
        return out;
      },
    ],
    beforeChange: [
      async ({ operation, data, original, ctx }) => {
        const saved = pending.get(ctx) ?? {};
        const out: RecordData = { ...data };
        if (saved.deptId !== undefined) out.deptId = saved.deptId;
        else if (operation === 'update') delete out.deptId;
        if (operation === 'update' && Number(original?.userId) === ctx.caller.userId && out.status !== undefined && Number(out.status) !== 1) {
          throw new Refusal(1005, '不能停用当前登录的用户');
        }
        if (operation === 'create' && saved.password !== undefined) {
          // The raw password as typed (the text field's markup stripping must not change it).
          await validateNewPassword(typed(ctx.trx), saved.password, { username: String(out.username) });
          out.password = await hashPassword(saved.password);
        }
        return out;
      },
    ],
    afterChange: [
      async ({ operation, record, ctx }) => {
        // A password an administrator chose is changed by its user at the first login (docs/system-security.md).
        if (operation === 'create') await ctx.trx.updateTable('users').set({ mustChangePassword: 1 }).where('userId', '=', record.userId).execute();
      },
    ],
    afterRead: [
      ({ record }) => {
        const out: RecordData = { ...record };
        for (const column of PASSWORD_STATE) delete out[column];
        return out;
      },
    ],
    beforeDelete: [
      async ({ records, ctx }) => {
        if (records.some((r) => Number(r.userId) === ctx.caller.userId)) throw new Refusal(1005, '不能删除当前登录的用户');
        const ids = records.map((r) => r.userId);
        for (const r of records) await guardAdminRole(ctx.trx, ctx.caller, await rolesOf(ctx.trx, r.userId));
        await ctx.trx.deleteFrom('sessions').where('userId', 'in', ids).execute();
      },
    ],
    listWhere: [
      async ({ search, ctx }) => {
        const where: Record<string, number[]> = {};
        const deptId = optionalId(search, 'deptId');
        if (deptId !== null) where.deptId = await departmentAndDescendants(typed(ctx.trx), deptId);
        // A role's members (roleId) or the users it still lacks (withoutRoleId): 角色管理's member lists.
        const roleId = optionalId(search, 'roleId');
        const without = optionalId(search, 'withoutRoleId');
        const holders = (id: number) => ctx.trx.selectFrom('user_roles').select('userId').where('roleId', '=', id);
        if (roleId !== null) where.userId = ((await holders(roleId).execute()) as { userId: number }[]).map((r) => Number(r.userId));
        else if (without !== null) {
          const rest = (await ctx.trx.selectFrom('users').select('userId').where('userId', 'not in', holders(without)).execute()) as { userId: number }[];
          where.userId = rest.map((r) => Number(r.userId));
        }
        return Object.keys(where).length ? where : undefined;
      },
    ],
  },
});

/** A random password of at least 12 characters that the rule in force accepts (50 tries, as before). */
async function generatePassword(db: Db, username: string): Promise<string> {
  const rule = await currentPasswordRule(db);
  const classes = await currentPasswordTypes(db);
  let password = randomPassword(Math.max(12, rule.minLength));
  for (let i = 0; i < 50 && passwordProblem(password, rule, classes, { username }); i++) password = randomPassword(Math.max(12, rule.minLength));
  return password;
}

// The account's password state (server/auth/loginGuard.ts, server/modules/system/password/userPassword.ts): written here,
// beside the hooks that keep it out of every answer, by the login and password calls in their transactions.

/** A wrong password counted; answers the account's count of failures since the last reset. */
export async function countFailedLogin(trx: Db, userId: number): Promise<number> {
  await trx.updateTable('users').set((eb) => ({ failedLogins: eb('failedLogins', '+', 1) })).where('userId', '=', userId).execute();
  const row = (await trx.selectFrom('users').select('failedLogins').where('userId', '=', userId).executeTakeFirst()) as { failedLogins: number } | undefined;
  return Number(row?.failedLogins ?? 0);
}

/** Clears the failure count and sets the lock (`null`: unlocked). */
export async function setAccountLock(db: Db, userId: number, lockedUntil: string | null): Promise<void> {
  await db.updateTable('users').set({ failedLogins: 0, lockedUntil }).where('userId', '=', userId).execute();
}

/** A new password hash: failures and lock cleared; `mustChange` 1 when an administrator chose it. */
export async function storePassword(trx: Db, userId: number, passwordHash: string, mustChange: 0 | 1, now: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ passwordHash, passwordChangedAt: now, mustChangePassword: mustChange, failedLogins: 0, lockedUntil: null, updateTime: now })
    .where('userId', '=', userId)
    .execute();
}
