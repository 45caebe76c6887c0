import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WORKBENCH_TODOS, type WorkbenchActivity, type WorkbenchCount, type WorkbenchSummary } from '../../../resources/workbench/todos.js';
import type { Row } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { NO_INPUT, NO_QUERY } from '../../http/routeInput.js';

const RECENT = 6;

/**
 * /api/workbench/summary (docs/backoffice.md "Workbench"): the caller's to-dos with counts, and recent activity.
 * Each count runs the declared list call (resources/workbench.ts) inside this server as the caller — same token,
 * same app — so permissions, data scope and filters are exactly those of the list the to-do links to, and the
 * count is that list's `totalRow`. A to-do whose call fails (a module switched off) is left out, not guessed.
 */
export async function workbenchRoutes(app: FastifyInstance) {
  /** A list call as the caller; answers its `data` or null. */
  const asCaller = async (request: FastifyRequest, path: string, body: Record<string, unknown>): Promise<Row | null> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const h of ['authorization', 'appkey', 'clientid', 'version']) {
      const v = request.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    const res = await app.inject({ method: 'POST', url: path, headers, payload: JSON.stringify(body) });
    if (res.statusCode !== 200) return null;
    const envelope = JSON.parse(res.body) as { errorCode?: unknown; data?: Row };
    return String(envelope.errorCode) === '0' && envelope.data ? envelope.data : null;
  };

  const summary = async (request: FastifyRequest) => {
    const user = currentUser(request);
    const mine = WORKBENCH_TODOS.filter((t) => t.app === user.appKey && t.anyOf.some((k) => user.permissions.has(k)));
    const counted = await Promise.all(
      mine.map(async (t): Promise<WorkbenchCount | null> => {
        const data = await asCaller(request, t.call.path, { ...t.call.body, pageNum: 1, pageSize: 1 });
        if (!data) return null;
        return { key: t.key, label: t.label, group: t.group, count: Number(data.totalRow ?? 0), link: t.link, ...(t.tone ? { tone: t.tone } : {}) };
      }),
    );
    const answer: WorkbenchSummary = { todos: counted.filter((c): c is WorkbenchCount => c !== null), recentArticles: await recentArticles(request), myOperations: await myOperations(user.userId) };
    return ok(answer);
  };

  /** Recently changed articles of the caller's scope (admin app) or his own submissions (reporting app). */
  const recentArticles = async (request: FastifyRequest): Promise<WorkbenchActivity[]> => {
    const user = currentUser(request);
    const report = user.appKey === 'reportSite';
    if (!user.permissions.has(report ? 'report:my' : 'article:list')) return [];
    const data = await asCaller(request, report ? '/api/report/my' : '/api/article/list', { pageNum: 1, pageSize: RECENT, sortField: 'updateTime', sortOrder: 'DESC' });
    const rows = (data?.list ?? []) as Row[];
    return rows.map((r) => ({
      time: String(r.updateTime ?? r.createTime ?? ''),
      text: `${String(r.title)}（${String(r.statusName ?? '')}）`,
      ...(report ? {} : { link: `/main/article/essay/${Number(r.articleId)}/show` }),
    }));
  };

  /** The caller's own last operations from the operation log (his own actions: no permission needed). */
  const myOperations = async (userId: number): Promise<WorkbenchActivity[]> => {
    const rows = await app.db
      .selectFrom('system_log')
      .select(['createTime', 'operation', 'path'])
      .where('userId', '=', userId)
      .where('type', '=', 'operation')
      .orderBy('id', 'desc')
      .limit(RECENT)
      .execute();
    return rows.map((r) => ({ time: String(r.createTime ?? ''), text: String(r.operation || r.path || '') }));
  };

  app.post('/api/workbench/summary', { schema: NO_INPUT, attachValidation: true }, summary);
  app.get('/api/workbench/summary', { schema: NO_QUERY, attachValidation: true }, summary);
}
