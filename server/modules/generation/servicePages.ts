import { registerSitePage } from './pages.js';

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
