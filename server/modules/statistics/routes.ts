import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { describeInput, TIME_RANGE } from '../../http/routeInput.js';
import { declarationOf } from '../declarationLookup.js';
import { sendWorkbook } from '../../shared/excel.js';
import { dataCount } from './dataCount.js';
import { articleFilter, readDataSearch } from './filters.js';
import { STATISTICS_KEYS } from './menus.js';
import { categoryCountList, categoryDateCount, columnCount, deptByColumnCount, deptCount, deptDataCount, stateCount } from './queries.js';

/** dataSearchDto (readDataSearch in filters.ts), query or body. */
const DATA_SEARCH = describeInput({
  either: {
    ...TIME_RANGE,
    deptId: ['integer', '部门ID（含下级部门）'],
    columnId: ['integer', '栏目ID（含下级栏目）'],
    dateType: ['string', '统计方式：day（按日，默认）或 month（按月）'],
    type: ['string', '统计方式（同 dateType）'],
  },
});
const VIEW = { permission: STATISTICS_KEYS.view };

/** The home statistics calls (spec part 1 §7, docs/statistics.md). Every call: POST, body dataSearchDto. */
export async function statisticsRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'article');
  if (!decl) return;
  const db = app.db;
  const prepare = async (request: FastifyRequest) => {
    const search = readDataSearch(request);
    return { search, filter: await articleFilter(db, request, decl, search) };
  };

  app.post('/api/home/columnCount', { config: VIEW, schema: DATA_SEARCH, attachValidation: true }, async (request) => {
    const { search, filter } = await prepare(request);
    return ok(await columnCount(db, filter, search));
  });
  app.post('/api/home/deptCount', { config: VIEW, schema: DATA_SEARCH, attachValidation: true }, async (request) => {
    const { search, filter } = await prepare(request);
    return ok(await deptCount(db, filter, search));
  });
  app.post('/api/home/deptByColumnCount', { config: VIEW, schema: DATA_SEARCH, attachValidation: true }, async (request) => {
    const { search, filter } = await prepare(request);
    return ok(await deptByColumnCount(db, filter, search));
  });
  app.post('/api/home/deptDataCountlist', { config: VIEW, schema: DATA_SEARCH, attachValidation: true }, async (request) => {
    const { search, filter } = await prepare(request);
    return ok(await deptDataCount(db, filter, search));
  });
  app.post('/api/home/categoryCountlist', { config: VIEW, schema: DATA_SEARCH, attachValidation: true }, async (request) => {
    const { search, filter } = await prepare(request);
    return ok({ columns: await categoryCountList(db, filter, search), states: await stateCount(db, filter, search) });
  });
  app.post('/api/home/categoryDateCount', { config: VIEW, schema: DATA_SEARCH, attachValidation: true }, async (request) => {
    const { search, filter } = await prepare(request);
    return ok(await categoryDateCount(db, filter, search));
  });
  // Our addition (the spec shows no call for 数据统计's totals): counts of every module's records.
  app.post('/api/home/dataCount', { config: VIEW, schema: DATA_SEARCH, attachValidation: true }, async (request) => {
    const { search } = await prepare(request);
    return ok(await dataCount(app, request, search));
  });

  app.post('/api/home/deptDataCountExcel', { config: { permission: STATISTICS_KEYS.export }, schema: DATA_SEARCH, attachValidation: true }, async (request, reply) => {
    const { search, filter } = await prepare(request);
    const rows = await deptDataCount(db, filter, search);
    const range = `${search.startTime?.slice(0, 10) ?? '开始'}至${search.endTime?.slice(0, 10) ?? '今'}`;
    return sendWorkbook(reply, `信息报送考核统计（${range}）.xlsx`, [{
      name: '信息报送考核',
      columns: [
        { header: '排名', key: 'rank', width: 8 },
        { header: '部门', key: 'deptName', width: 24 },
        { header: '报送数', key: 'submitted', width: 10 },
        { header: '审核中', key: 'auditing', width: 10 },
        { header: '采用数', key: 'accepted', width: 10 },
        { header: '发布数', key: 'published', width: 10 },
        { header: '退回数', key: 'rejected', width: 10 },
        { header: '发布率(%)', key: 'publishRate', width: 12 },
      ],
      rows: rows.map((r) => ({ ...r })),
    }]);
  });
}
