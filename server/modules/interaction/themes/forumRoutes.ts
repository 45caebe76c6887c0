import type { ThemeContext } from './context.js';
import { staffCalls } from './staffCalls.js';
import { searchOf } from '../../../crud/routes.js';
import { ok } from '../../../http/envelope.js';
import { bodyOf, readIdList } from '../../../http/params.js';
import { countColumns } from './helpers.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { formatDateTime } from '../../../util/time.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { themeCounts } from './service.js';

/** 批量办结: every due theme in scope, through the declared 办结 action. */
export function themeForumActionRoutes(ctx: ThemeContext) {
  const { app, inputs: I } = ctx;
  const { act } = staffCalls(ctx);
  app.post('/theme/examineAll', { config: { permission: 'theme:examine' }, schema: I.examineAll, attachValidation: true }, async (r) => {
    const body = bodyOf(r);
    if (body.ids !== undefined && !(Array.isArray(body.ids) && body.ids.length === 0)) return ok(await act(r, 'examine', readIdList(r), 'all'), '办结成功');
    // Every passed, replied, unfinished theme in the caller's scope (optionally of one channel).
    const channel = typeof body.channel === 'string' && ['bbs', 'll', 'xax'].includes(body.channel) ? body.channel : undefined;
    const due = await app.entities.api(currentUser(r)).find('theme', { where: { status: 1, replyState: 1, handleState: 0, ...(channel ? { channel } : {}) } });
    return ok(due.length ? await act(r, 'examine', due.map((t) => Number(t.id)), 'all') : 0, '办结成功');
  });
}

/** 主题统计's export: the declared read `countList`'s groups (resources/theme.ts) as a workbook. */
export function themeStateRoutes({ app, decl, db, inputs: I }: ThemeContext) {
  app.post('/theme/themeCountExcel', { config: { permission: 'theme:export' }, schema: I.count, attachValidation: true }, async (request, reply) => {
    const search = searchOf(request);
    const rows = await themeCounts(db, decl, currentUser(request), search);
    const label = search.groupBy === 'plate' ? '版块' : search.groupBy === 'channel' ? '渠道' : '部门';
    return sendWorkbook(reply, `主题统计_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: '主题统计', columns: countColumns(label), rows }]);
  });
}
