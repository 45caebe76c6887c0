import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { applyFilters } from '../../../crud/listQuery.js';
import { searchOf } from '../../../crud/routes.js';
import { getRecord } from '../../../crud/service.js';
import { dynamic, type Db, type RowOf } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readId, readSize } from '../../../http/params.js';
import { cleanPhone, cleanText, guardPublicSubmission } from '../../../public/guard.js';
import { declarationOf } from '../../declarationLookup.js';
import { asInt, atRoot } from '../../../shared/routeHelpers.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { wholePage } from '../../../shared/paging.js';
import { ADVICE_TASK_SERVICE, runAdviceTask } from '../../../entities/advice.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { adviceInputs } from './inputs.js';

/** The open/close check lives in the behaviour file (server/entities/advice.ts); kept here for its callers. */
export { runAdviceTask };

/** Status of a topic: 0 未开始, 1 征集中, 2 已结束, 3 已反馈 (docs/interaction-forms.md). */
export const ADVICE_STATUS: Record<number, string> = { 0: '未开始', 1: '征集中', 2: '已结束', 3: '已反馈' };
const PUBLIC_FIELDS = ['id', 'title', 'content', 'solicitDept', 'startTime', 'endTime', 'status', 'opinionCount', 'resultContent', 'resultTime', 'stopTime'] as const;
const publicTopic = (row: RowOf<'advice'>) => Object.fromEntries(PUBLIC_FIELDS.map((k) => [k, row[k] ?? null]));

/**
 * 意见征集 (spec part 1 §7 "Advice"): topics under /advice/*, the public calls under /advice/web/*.
 * The public `/web/list`, `/web/my/detail`, `/web/my/list` are also answered without the prefix, as spec
 * part 1 writes them (`/stopAdvice` is the declared action's `alsoAt`).
 */
export const adviceRoutes = atRoot(async function adviceRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'advice');
  if (!decl) return;
  // The close check: a job of server/entities/advice.ts, run by the cluster scheduler with this task.
  app.entities.provide(ADVICE_TASK_SERVICE, (now: string) => runAdviceTask(dynamic(app.db), now));
  const ctx: AdviceContext = { app, decl, db: app.db, input: adviceInputs(decl), load: (request, id) => getRecord(dynamic(app.db), decl, currentUser(request), id) };
  adviceExportRoute(ctx);
  advicePublicRoutes(ctx);
});

interface AdviceContext {
  app: FastifyInstance;
  decl: ResourceDecl;
  // The declaration's table is fixed (resources/advice.ts: 'advice'): the typed handle.
  db: Db;
  input: ReturnType<typeof adviceInputs>;
  load: (request: FastifyRequest, id: number) => Promise<Record<string, unknown>>;
}

/** /advice/adviceExcel: one topic's opinions (with `id`), else the topics the search finds. */
function adviceExportRoute({ app, decl, db, input, load }: AdviceContext) {
  app.post('/advice/adviceExcel', { config: { permission: 'advice:export' }, schema: input.excel, attachValidation: true }, async (request, reply) => {
    const search = searchOf(request);
    if (search.id !== undefined && search.id !== null && search.id !== '') {
      const topic = await load(request, asInt(search.id, 'id'));
      const rows = await db.selectFrom('advice_opinion').selectAll().where('adviceId', '=', Number(topic.id)).orderBy('id').limit(100_000).execute();
      return sendWorkbook(reply, `意见征集_${String(topic.title).slice(0, 40)}.xlsx`, [
        {
          name: '意见列表',
          preamble: [['征集主题', String(topic.title)]],
          columns: [
            { header: '序号', key: 'no', width: 8 },
            { header: '姓名', key: 'name', width: 12 },
            { header: '联系电话', key: 'phone', width: 16 },
            { header: '意见内容', key: 'content', width: 60 },
            { header: '提交时间', key: 'createTime', width: 20 },
            { header: '查询码', key: 'queryCode', width: 16 },
          ],
          rows: rows.map((r, i) => ({ ...r, no: i + 1 })),
        },
      ]);
    }
    const rule = await scopeRule(db, currentUser(request), decl);
    const rows = await applyScope(applyFilters(db.selectFrom('advice').selectAll(), decl, search), rule).orderBy('createTime', 'desc').limit(10_000).execute();
    return sendWorkbook(reply, '意见征集.xlsx', [
      {
        name: '征集主题',
        columns: [
          { header: 'ID', key: 'id', map: Number, width: 8 },
          { header: '征集主题', key: 'title', width: 36 },
          { header: '征集部门', key: 'solicitDept', width: 18 },
          { header: '状态', key: 'status', map: (v) => ADVICE_STATUS[Number(v)] ?? '' },
          { header: '开始时间', key: 'startTime', width: 20 },
          { header: '结束时间', key: 'endTime', width: 20 },
          { header: '意见数', key: 'opinionCount', map: (v) => Number(v ?? 0), width: 10 },
          { header: '反馈时间', key: 'resultTime', width: 20 },
        ],
        rows,
      },
    ]);
  });

}

/** The public calls: open topics, published results, a topic, an opinion, one's own opinions. */
function advicePublicRoutes({ app, db, input }: AdviceContext) {
  for (const url of ['/advice/web/list', '/web/list']) app.post(url, { config: { public: true }, schema: input.size, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 10, 50);
    const rows = await db.selectFrom('advice').selectAll().where('status', '=', 1).orderBy('endTime', 'asc').orderBy('id', 'desc').limit(size).execute();
    return ok(rows.map(publicTopic));
  });

  // Design (issue 24): the topics whose result staff published (已反馈), latest result first, so citizens
  // read what became of a closed consultation.
  app.post('/advice/web/resultList', { config: { public: true }, schema: input.size, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 10, 50);
    const rows = await db.selectFrom('advice').selectAll().where('status', '=', 3).orderBy('resultTime', 'desc').orderBy('id', 'desc').limit(size).execute();
    return ok(rows.map(publicTopic));
  });

  for (const url of ['/advice/web/my/detail', '/web/my/detail']) app.post(url, { config: { public: true }, schema: input.id, attachValidation: true }, async (request) => {
    const row = await db.selectFrom('advice').selectAll().where('id', '=', readId(request)).executeTakeFirst();
    // A missing status counts as 0 (未开始).
    if (!row || (row.status ?? 0) === 0) throw notFoundRecord();
    return ok(publicTopic(row));
  });

  for (const url of ['/advice/web/my/list', '/web/my/list']) app.post(url, { config: { public: true }, schema: input.own, attachValidation: true }, async (request) => {
    const search = searchOf(request);
    const queryCode = cleanText(search.queryCode, { label: '查询码', max: 32, required: true }).toUpperCase();
    const phone = cleanPhone(search.phone, '联系电话');
    await guardPublicSubmission(app, request, 'advice-query', { captcha: false });
    const list = await db
      .selectFrom('advice_opinion as o')
      .innerJoin('advice as a', 'a.id', 'o.adviceId')
      .select(['o.id as id', 'o.adviceId as adviceId', 'o.content as content', 'o.createTime as createTime', 'o.queryCode as queryCode', 'a.title as title', 'a.status as status', 'a.resultContent as resultContent', 'a.resultTime as resultTime'])
      .where('o.queryCode', '=', queryCode)
      .where('o.phone', '=', phone)
      .orderBy('o.id', 'desc')
      .execute();
    return ok(wholePage(list));
  });
}
