import { registerSitePage } from './pages.js';
import { formatDateTime } from '../../util/time.js';
import { preList } from './preList.js';

/**
 * The choices of the citizen service forms and their public lists, written into the generated HTML (issue 24):
 * a required select must have its options without JavaScript, and a list that arrives after load moves the
 * page. The page's script still refreshes them from the public call (a topic opened after the last run
 * appears without a new run).
 */
/** The advice fields citizens see (as /advice/web/list answers them). */
const ADVICE_FIELDS = ['id', 'title', 'content', 'solicitDept', 'startTime', 'endTime', 'opinionCount', 'resultContent', 'resultTime'] as const;
/** As many as the page's lists ask their calls for (js/services.js: 10). */
const LIST_SIZE = 10;

registerSitePage({
  name: 'advice',
  vars: async (gen) => {
    // The same topics as /advice/web/list: those collecting opinions, closing soonest first.
    const open = await gen.db.selectFrom('advice').select(ADVICE_FIELDS).where('status', '=', 1).orderBy('endTime', 'asc').orderBy('id', 'desc').limit(50).execute();
    const done = await gen.db.selectFrom('advice').select(ADVICE_FIELDS).where('status', '=', 3).orderBy('resultTime', 'desc').orderBy('id', 'desc').limit(LIST_SIZE).execute();
    return {
      adviceTopics: open.map((t) => ({ id: t.id, title: t.title })),
      adviceOpen: preList('/advice/web/list', { title: 'title', meta: 'solicitDept:征集单位;startTime:开始时间;endTime:截止时间;opinionCount:意见数', detail: 'content:征集内容;resultContent:采纳情况' }, open.slice(0, LIST_SIZE)),
      adviceDone: preList('/advice/web/resultList', { title: 'title', meta: 'solicitDept:征集单位;endTime:截止时间;opinionCount:意见数', detail: 'content:征集内容;resultContent:采纳情况;resultTime:反馈时间' }, done),
    };
  },
});

registerSitePage({
  name: 'qa',
  // 常见问题 as /questAnswer/commonList answers them.
  vars: async (gen) => ({
    qaCommon: preList(
      '/questAnswer/commonList',
      { title: 'quest', detail: 'answer:解答' },
      await gen.db.selectFrom('quest_answer').select(['id', 'quest', 'answer']).where('status', '=', 1).where('isCommon', '=', 1).orderBy('sort', 'asc').orderBy('hitCount', 'desc').orderBy('id', 'asc').limit(LIST_SIZE).execute(),
    ),
  }),
});

registerSitePage({
  name: 'apply',
  // The departments an application may go to, as /web/apply/dept/list answers them.
  vars: async (gen) => ({
    applyDepts: await gen.db.selectFrom('departments').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
  }),
});

const PROJECT_TYPES: Record<string, string> = { NEW: '新建', CONTINUE: '续建', PLAN: '谋划' };

registerSitePage({
  name: 'projects',
  // 产业项目 shown to citizens: the library (已入库) only, the contact person and phone left out.
  vars: async (gen) => {
    const rows = await gen.db
      .selectFrom('industrial_project')
      .select(['id', 'name', 'projectType', 'company', 'industry', 'town', 'investment', 'startYear', 'content'])
      .where('status', '=', 'WAREHOUSING')
      .orderBy('updateTime', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return { projects: rows.map((r) => ({ ...r, typeLabel: PROJECT_TYPES[String(r.projectType)] ?? '' })), generatedAt: formatDateTime() };
  },
});
