import { Refusal, type RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import { dynamic, type Db, type DynamicDb, type MenuRow } from '../db/types.js';
import { ADMIN_ROLE_ALIAS } from './role.js';

type Trx = DynamicDb;

/** Where an entry may hang: a Catalogue at the top or under a Catalogue; a Menu under a Catalogue or Menu; a Button under a Menu; same app. */
async function checkPlacement(trx: Trx, entry: RecordData) {
  const parentId = Number(entry.parentId ?? 0);
  if (parentId === 0) {
    if (entry.type === 'Button') throw new Refusal(1002, '按钮必须挂在菜单下');
    return;
  }
  const parent = (await trx.selectFrom('resources').selectAll().where('id', '=', parentId).executeTakeFirst()) as RecordData | undefined;
  if (!parent) throw new Refusal(1002, '上级菜单不存在');
  if (parent.dingAppKey !== entry.dingAppKey) throw new Refusal(1002, '上级菜单必须属于同一应用');
  if (parent.type === 'Button') throw new Refusal(1002, '按钮下不能再添加下级');
  if (entry.type === 'Catalogue' && parent.type !== 'Catalogue') throw new Refusal(1002, '目录只能挂在顶级或目录下');
  if (entry.type === 'Button' && parent.type !== 'Menu') throw new Refusal(1002, '按钮必须挂在菜单下');
}

/** An entry with children keeps its app and does not become a Button. */
async function checkChange(trx: Trx, entry: RecordData, original: RecordData) {
  if (entry.dingAppKey === original.dingAppKey && (entry.type === original.type || entry.type !== 'Button')) return;
  const child = await trx.selectFrom('resources').select('id').where('parentId', '=', Number(original.id)).executeTakeFirst();
  if (!child) return;
  if (entry.dingAppKey !== original.dingAppKey) throw new Refusal(1005, '该菜单下还有下级菜单，不能改变所属应用');
  throw new Refusal(1005, '该菜单下还有下级菜单，不能改为按钮');
}

/**
 * 菜单管理: placement by type and app, aliases unique per app, a new entry granted to 系统管理员 at once (as
 * the menu sync does), an entry's grants gone with it. Parent existence, cycles and the children guard are the
 * declared tree; the parent's name on the detail view a declared answer.
 */
export default defineBehaviour({
  name: 'menu',
  hooks: {
    beforeChange: [
      async ({ data, original, ctx }) => {
        const entry: RecordData = { ...(original ?? {}), ...data };
        if (original) await checkChange(ctx.trx, entry, original);
        await checkPlacement(ctx.trx, entry);
        let q = ctx.trx.selectFrom('resources').select('id').where('dingAppKey', '=', String(entry.dingAppKey)).where('alias', '=', String(entry.alias));
        if (original) q = q.where('id', '!=', Number(original.id));
        if (await q.executeTakeFirst()) throw new Refusal(1004, `别名已存在：${String(entry.alias)}`);
        return data;
      },
    ],
    afterChange: [
      async ({ operation, record, ctx }) => {
        if (operation !== 'create') return;
        const admin = await ctx.trx.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).executeTakeFirst();
        if (admin) await ctx.trx.insertInto('role_resources').values({ roleId: admin.roleId, resourceId: record.id }).execute();
      },
    ],
    beforeDelete: [
      async ({ records, ctx }) => {
        await ctx.trx.deleteFrom('role_resources').where('resourceId', 'in', records.map((r) => Number(r.id))).execute();
      },
    ],
  },
});

/** Urls the code once gave its entries: 内容管理's, before it took the spec's /main/article. */
const RETIRED_URLS = new Set(['/main/content']);

/**
 * A stored url the code may replace by its own: none, a retired one, or one outside the spec's route
 * families (a short route such as `/article`). A url under /main or /report set in 菜单管理 stays.
 */
export function isOutdatedUrl(url: string | null): boolean {
  const u = (url ?? '').trim();
  return u === '' || RETIRED_URLS.has(u) || !/^\/(main|report)(\/|$)/.test(u);
}

/**
 * The menu sync's one write (server/seed/menuSync.ts and the modules' own entries, at every start before
 * requests): an entry is inserted when its alias is new in that app, placed by the rules a staff save
 * follows (checkPlacement); an existing one keeps its name, place and grants, but an outdated url
 * (isOutdatedUrl) takes the code's spec route, so an upgraded database's menu opens the same routes as a
 * new one's. Answers its id and whether it was new; granting it is the caller's (the sync grants to 系统管理员).
 */
export async function ensureMenuEntry(db: Db, entry: Omit<MenuRow, 'id'>): Promise<{ id: number; created: boolean }> {
  const found = await db.selectFrom('resources').selectAll().where('dingAppKey', '=', entry.dingAppKey).where('alias', '=', entry.alias).executeTakeFirst();
  if (found) {
    if (entry.url && found.url !== entry.url && isOutdatedUrl(found.url)) {
      await db.updateTable('resources').set({ url: entry.url }).where('id', '=', found.id).execute();
    }
    return { id: found.id, created: false };
  }
  await checkPlacement(dynamic(db), entry);
  const row = (await db.insertInto('resources').values(entry).returning('id').executeTakeFirstOrThrow()) as { id: number };
  return { id: row.id, created: true };
}
