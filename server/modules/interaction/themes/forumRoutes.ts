import type { ThemeContext } from './context.js';
import { staffCalls } from './staffCalls.js';
import { searchOf } from '../../../crud/routes.js';
import { ok } from '../../../http/envelope.js';
import { bodyOf, readIdList } from '../../../http/params.js';
import type { Row } from '../../../db/types.js';
import { countColumns, rangeOf } from './helpers.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { formatDateTime } from '../../../util/time.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { liveCounts } from './service.js';

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

/** Counts by department, plate or channel over a period (with its Excel); those by state are a declared read. */
export function themeStateRoutes({ app, svc, db, inputs: I }: ThemeContext) {
  app.post('/theme/themeCountList', { config: { permission: 'theme:count' }, schema: I.count, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const groupBy = search.groupBy === 'plate' || search.groupBy === 'channel' ? search.groupBy : 'dept';
    const { start, end } = rangeOf(search);
    const channel = typeof search.channel === 'string' && search.channel ? search.channel : null;
    return ok(await liveCounts(db, await svc.rule(currentUser(request)), { start, end, channel, groupBy }));
  });
  app.post('/theme/themeCountExcel', { config: { permission: 'theme:export' }, schema: I.count, attachValidation: true }, async (request, reply) => {
    const search = searchOf(request);
    const groupBy = search.groupBy === 'plate' || search.groupBy === 'channel' ? search.groupBy : 'dept';
    const { start, end } = rangeOf(search);
    const channel = typeof search.channel === 'string' && search.channel ? search.channel : null;
    const rows = await liveCounts(db, await svc.rule(currentUser(request)), { start, end, channel, groupBy });
    return sendWorkbook(reply, `主题统计_${formatDateTime().slice(0, 10)}.xlsx`, [{ name: '主题统计', columns: countColumns(groupBy === 'plate' ? '版块' : groupBy === 'channel' ? '渠道' : '部门'), rows: rows as unknown as Row[] }]);
  });

}
