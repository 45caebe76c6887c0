import { registerSitePage } from './pages.js';
import { formatDateTime } from '../../util/time.js';

/**
 * The choices of the citizen service forms, written into the generated HTML (issue 24): a required select
 * must have its options without JavaScript. The page's script still refreshes them from the public call
 * (a topic opened after the last run appears without a new run).
 */
registerSitePage({
  name: 'advice',
  // The same topics as /advice/web/list: those collecting opinions, closing soonest first.
  vars: async (gen) => ({
    adviceTopics: await gen.db.selectFrom('advice').select(['id', 'title']).where('status', '=', 1).orderBy('endTime', 'asc').orderBy('id', 'desc').limit(50).execute(),
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
