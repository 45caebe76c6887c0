import { Refusal, type HookContext, type RecordData } from '../../resources/behaviour.js';
import type { DynamicDb, Row } from '../db/types.js';
import { defineBehaviour } from '../crud/entity/define.js';
import type { EntityContext, EntityHooks } from '../crud/entity/types.js';
import { sql } from 'kysely';
import { isBlank } from '../crud/validate.js';
import { plainText } from '../shared/text.js';

/** The spec's aliases of the two target lists (baseNoticeDto's deptIds / userIds). */
const TARGETS = [
  { name: 'targetDeptIds', alias: 'deptIds', label: '接收部门', table: 'departments', key: 'id', missing: '接收部门不存在' },
  { name: 'targetUserIds', alias: 'userIds', label: '接收人', table: 'users', key: 'userId', missing: '接收人不存在' },
] as const;
const MAX_TARGETS = 2000;
const NAMES_MAX = 500;

const trxOf = (ctx: HookContext) => (ctx as EntityContext).trx;
const has = (data: RecordData, key: string) => Object.prototype.hasOwnProperty.call(data, key);

/** `[1,2]`, `"1,2"` or `3` → unique positive ids (the module's wording when one is not). */
function idList(value: unknown, label: string): number[] {
  if (isBlank(value)) return [];
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const ids = parts.filter((p) => !isBlank(p)).map((p) => Number(typeof p === 'string' ? p.trim() : p));
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw new Refusal(1002, `${label}格式不正确`);
  return [...new Set(ids)];
}

/** 接收范围: the names of the departments, then the people, cut to the column's 500 characters. */
async function targetNames(trx: DynamicDb, lists: number[][]): Promise<string> {
  const names: string[] = [];
  for (const [i, t] of TARGETS.entries()) {
    const ids = lists[i] ?? [];
    if (!ids.length) continue;
    const rows = (await trx.selectFrom(t.table).select([t.key, 'name']).where(t.key, 'in', ids).execute()) as Row[];
    if (rows.length !== ids.length) throw new Refusal(1003, t.missing);
    const byId = new Map(rows.map((r) => [Number(r[t.key]), String(r.name)]));
    names.push(...ids.map((id) => byId.get(id) ?? ''));
  }
  const text = names.join('、');
  return text.length > NAMES_MAX ? `${text.slice(0, NAMES_MAX - 3)}…` : text;
}

/** Notices addressed to the caller: to him by name, or to his department (the inbox, marking read). */
export function addressedTo(user: { readonly userId: number; readonly deptId: number | null }) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (eb: any) =>
    eb.exists(
      eb.selectFrom('notice_target as t').select('t.noticeId').whereRef('t.noticeId', '=', 'notice.id')
        .where((w: typeof eb) => w.or([
          w.and([w('t.targetType', '=', 'user'), w('t.targetId', '=', user.userId)]),
          ...(user.deptId !== null ? [w.and([w('t.targetType', '=', 'dept'), w('t.targetId', '=', user.deptId)])] : []),
        ])),
    );
}

const outbox = (search: RecordData | undefined) => String(search?.box ?? '') === 'outbox';
const readBy = (userId: number) => sql<boolean>`exists (select 1 from notice_read r where r."noticeId" = notice.id and r."userId" = ${userId})`;

/**
 * The list call (/notice/my/list): the outbox (box 'outbox') is the notices in the caller's scope; the inbox
 * (default) those addressed to him whatever the scope, `readFlag` 0/1 filtering by his read mark. Each row
 * carries his read time and flag and the read count; the inbox's page its `unreadCount`.
 */
const inboxHooks: Pick<EntityHooks, 'grant' | 'listWhere' | 'afterList'> = {
  grant: [({ operation, search }) => (operation === 'list' && !outbox(search) ? {} : undefined)],
  listWhere: [
    ({ search, ctx }) => {
      if (outbox(search)) return undefined;
      const flag = isBlank(search.readFlag) ? null : Number(search.readFlag);
      if (flag !== null && flag !== 0 && flag !== 1) throw new Refusal(1002, '已读标记取值不正确');
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (eb: any) => eb.and([addressedTo(ctx.user)(eb), ...(flag === null ? [] : [flag === 1 ? readBy(ctx.user.userId) : sql<boolean>`not ${readBy(ctx.user.userId)}`])]);
    },
  ],
  afterList: [
    async ({ page, search, ctx }) => {
      const ids = page.list.map((r) => Number(r.id));
      const mine = ids.length ? ((await ctx.trx.selectFrom('notice_read').select(['noticeId', 'readTime']).where('noticeId', 'in', ids).where('userId', '=', ctx.user.userId).execute()) as Row[]) : [];
      const readTime = new Map(mine.map((r) => [Number(r.noticeId), String(r.readTime)]));
      // The addressees stay the editor's: a reader's page does not list who else received the notice.
      const list = page.list.map(({ targetDeptIds: _d, targetUserIds: _u, ...r }) => ({ ...r, readTime: readTime.get(Number(r.id)) ?? null, readFlag: readTime.has(Number(r.id)) ? 1 : 0 }));
      if (outbox(search)) return { ...page, list };
      const unread = (await ctx.trx.selectFrom('notice').where(addressedTo(ctx.user)).where(sql<boolean>`not ${readBy(ctx.user.userId)}`).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string };
      return { ...page, list, unreadCount: Number(unread.n) };
    },
  ],
};

// 接收范围 found by beforeValidate (which sees the targets) for beforeChange (which writes the values), per operation.
const pendingNames = new WeakMap<object, string>();

/**
 * 通知: a notice goes to departments and/or people (the declared links write notice_target); a save names
 * at least one, all existing (1003), and stores their names as 接收范围; 发布单位 defaults to the publisher's
 * department; the content must say something after sanitising (the read marks go with a deleted notice: `userMarks`).
 */
export default defineBehaviour({
  name: 'notice',
  hooks: {
    beforeValidate: [
      async ({ operation, data, ctx }) => {
        // The required texts by their Chinese names (the generic check names the field's key).
        for (const [key, label] of [['title', '标题'], ['content', '内容']] as const) {
          if ((operation === 'create' || has(data, key)) && isBlank(data[key])) throw new Refusal(1001, `缺少必填参数：${label}`);
        }
        const touched = TARGETS.some((t) => has(data, t.name) || has(data, t.alias));
        if (operation === 'update' && !touched) return data;
        // A save replaces both lists: one left out is emptied, as the spec's save did.
        const lists = TARGETS.map((t) => idList(has(data, t.name) ? data[t.name] : data[t.alias], t.label));
        const total = lists.reduce((n, l) => n + l.length, 0);
        if (total === 0) throw new Refusal(1001, '缺少必填参数：接收部门或接收人');
        if (total > MAX_TARGETS) throw new Refusal(1002, '接收范围过大');
        pendingNames.set(ctx, await targetNames(trxOf(ctx), lists));
        const out: RecordData = { ...data };
        for (const [i, t] of TARGETS.entries()) {
          out[t.name] = lists[i];
          delete out[t.alias];
        }
        return out;
      },
    ],
    beforeChange: [
      ({ operation, data, ctx }) => {
        if (typeof data.content === 'string' && !plainText(data.content, 'input') && !/<img/i.test(data.content)) throw new Refusal(1001, '缺少必填参数：内容');
        const out: RecordData = { ...data };
        const names = pendingNames.get(ctx);
        // Demo data (ctx.seed) may name its addressees as staff would say it (全部部门).
        if (names !== undefined && !(ctx.seed && !isBlank(data.targetNames))) out.targetNames = names;
        if (operation === 'create') {
          out.isPublic ??= 0;
          out.readCount = 0;
          if (isBlank(out.publisher)) out.publisher = data.deptName ?? null;
        }
        return out;
      },
    ],
    ...inboxHooks,
  },
});
