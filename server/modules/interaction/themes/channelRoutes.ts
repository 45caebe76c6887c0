import type { ThemeContext } from './context.js';
import { staffCalls } from './staffCalls.js';
import { applyScope } from '../../../auth/dataScope.js';
import { searchOf } from '../../../crud/routes.js';
import { applyFilters, readPaging } from '../../../crud/listQuery.js';
import { ok } from '../../../http/envelope.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readId } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { optionLabel } from '../../../shared/records.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { paginate } from '../../../shared/paging.js';
import { maskPage } from '../../../shared/mask.js';

/** /ll/theme/* and /xax/theme/*: the two 网络问政 channels' staff calls (the forum family shares one service). */
export function themeChannelRoutes(ctx: ThemeContext) {
  const { app, decl, inputs: I } = ctx;
  const P = decl.permissions;
  const { replyQuery, replyGet } = staffCalls(ctx);
  // The channels' list, get and dels are the declaration's `api.alsoAt` (generic routes).
  for (const channel of ['ll', 'xax'] as const) {
    const base = `/${channel}/theme`;
    app.post(`${base}/reply/get`, { config: { permission: P.get }, schema: I.id, attachValidation: true }, (r) => replyGet(r, channel));
    app.post(`${base}/replyQuery`, { config: { permission: P.list }, schema: I.replyQuery, attachValidation: true }, (r) => replyQuery(r, channel));
  }
}

/** Calls of one channel only: the department's to-do list, audits and export (ll), the transfer targets (xax). */
export function themeLlRoutes({ app, svc, decl, db, inputs: I }: ThemeContext) {
  const P = decl.permissions;
  app.post('/ll/theme/qnsqlist', { config: { permission: P.list }, schema: I.list, attachValidation: true }, async (request) => {
    // The department's to-do list: passed ll themes handed to the caller's own department, not finished.
    const user = currentUser(request);
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    const q = applyFilters(db.selectFrom('theme'), decl, { ...search, channel: 'll' })
      .where('deptId', '=', user.deptId ?? -1)
      .where('status', '=', 1)
      .where('handleState', '=', 0);
    return ok(maskPage(await paginate(q, { pageNum, pageSize }, (s) => s.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc'))));
  });
  app.post('/ll/theme/themeExcel', { config: { permission: 'theme:export' }, schema: I.excel, attachValidation: true }, async (request, reply) => {
    const search = { ...searchOf(request), channel: 'll' };
    const rule = await svc.rule(currentUser(request));
    const rows = await applyScope(applyFilters(db.selectFrom('theme'), decl, search), rule)
      .selectAll()
      .orderBy('createTime', 'desc')
      .limit(10000)
      .execute();
    return sendWorkbook(reply, `领导留言_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: '领导留言', columns: themeColumns(decl), rows: rows }]);
  });
  app.post('/xax/theme/themeDeptList', { config: { permission: 'theme:transfer' }, schema: I.id, attachValidation: true }, async (request) => {
    const rule = await svc.rule(currentUser(request));
    const [theme] = await svc.load(db, rule, [readId(request)], 'xax');
    const depts = await db.selectFrom('departments').select(['id', 'name', 'parentId']).orderBy('sort', 'asc').orderBy('id', 'asc').execute();
    return ok(depts.map((d) => ({ ...d, current: d.id === Number(theme!.deptId ?? 0) })));
  });

}

function themeColumns(decl: ThemeContext['decl']) {
  const label = (f: string) => optionLabel(decl, f);
  return [
    { header: '查询码', key: 'queryCode', width: 16 },
    { header: '标题', key: 'title', width: 36 },
    { header: '留言人', key: 'name', width: 12 },
    { header: '联系电话', key: 'phone', width: 16 },
    { header: '渠道', key: 'channel', map: label('channel'), width: 10 },
    { header: '版块', key: 'plateName', width: 16 },
    { header: '审核状态', key: 'status', map: label('status'), width: 12 },
    { header: '回复状态', key: 'replyState', map: label('replyState'), width: 10 },
    { header: '办理状态', key: 'handleState', map: label('handleState'), width: 10 },
    { header: '办理部门', key: 'deptName', width: 18 },
    { header: '收到时间', key: 'createTime', width: 20 },
    { header: '首次回复时间', key: 'firstReplyTime', width: 20 },
  ];
}

