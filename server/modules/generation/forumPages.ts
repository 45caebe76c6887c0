import fs from 'node:fs/promises';
import path from 'node:path';
import type { Row } from '../../db/types.js';
import { formatDateTime } from '../../util/time.js';
import { publicReply, publicTheme } from '../interaction/themes/service.js';
import { metaOf, rootOf } from './context.js';
import { registerSitePage } from './pages.js';
import type { Base, SiteGenerator } from './service.js';
import type { PageJob } from './worker/protocol.js';
import { removeFile } from './writer.js';

/**
 * 论坛 written at generation time (issue 24: no layout shift from content filled in after load):
 * `forum.html` with the plates and the latest public topics, and one page per public topic,
 * `forum/<id>.html` from the skin's `forum-topic.html`, with the departments' published replies.
 * The staff routes that change a topic name `republish: ['forum']` (themes/routes.ts), which renders
 * forum.html and the topics changed since the last republish, and removes pages of topics no longer public.
 */
const TOPIC_TEMPLATE = 'forum-topic.html';
/** Topics on forum.html as /theme/weblist's first page answers them (the plate filter asks the call). */
const LIST_SIZE = 20;
/** A change committed just before the previous republish read the time is still caught. */
const MARGIN_MS = 5_000;
const lastRun = new WeakMap<SiteGenerator, string>();

export const topicRel = (id: number) => `forum/${id}.html`;

const publicTopics = (gen: SiteGenerator) => gen.db.selectFrom('theme').where('channel', '=', 'bbs').where('status', '=', 1).where('isShow', '=', 1);

async function topicJobs(gen: SiteGenerator, base: Base, shared: Row, changedOnly: boolean): Promise<PageJob[]> {
  if (!(await fs.access(path.join(base.skinDir, TOPIC_TEMPLATE)).then(() => true, () => false))) return [];
  const since = changedOnly ? lastRun.get(gen) : undefined;
  lastRun.set(gen, formatDateTime(new Date(Date.now() - MARGIN_MS)));
  let q = publicTopics(gen).selectAll();
  if (since) q = q.where('updateTime', '>=', since);
  const topics = await q.orderBy('id').execute();
  if (!topics.length) return [];
  const replies = await gen.db
    .selectFrom('theme_reply')
    .selectAll()
    .where('themeId', 'in', topics.map((t) => t.id))
    .where('status', '=', 1)
    .orderBy('replyTime', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return topics.map((t) => {
    const rel = topicRel(Number(t.id));
    const topic = publicTheme(t);
    const meta = { ...metaOf(base.site, rel, null, null), articleTitle: topic.title };
    return {
      rel,
      template: TOPIC_TEMPLATE,
      vars: {
        ...shared,
        root: rootOf(rel),
        meta,
        pageName: 'forum',
        description: `论坛主题：${String(topic.title)}（${String(topic.plateName ?? '论坛')}），附部门答复。`,
        topic,
        replies: replies.filter((r) => r.themeId === t.id).map(publicReply),
      },
    };
  });
}

/** Removes the topic pages whose topic is gone, hidden or no longer passed. */
async function pruneTopics(gen: SiteGenerator): Promise<string[]> {
  const dir = path.join(gen.root, 'forum');
  const ids = (await fs.readdir(dir).catch(() => [] as string[])).map((f) => /^(\d{1,10})\.html$/.exec(f)?.[1]).filter((x): x is string => !!x).map(Number);
  const removed: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const kept = new Set((await publicTopics(gen).select('id').where('id', 'in', chunk).execute()).map((r) => Number(r.id)));
    for (const id of chunk) if (!kept.has(id) && (await removeFile(path.join(gen.root, topicRel(id))))) removed.push(topicRel(id));
  }
  return removed;
}

registerSitePage({
  name: 'forum',
  vars: async (gen) => ({
    // The plates a topic may be posted on (/theme/webAdd refuses a closed plate): open plates of open forums.
    forumPlates: await gen.db
      .selectFrom('plate')
      .innerJoin('forum', 'forum.id', 'plate.forumId')
      .select(['plate.id', 'plate.name', 'plate.forumName', 'plate.needAudit'])
      .where('plate.status', '=', 1)
      .where('forum.status', '=', 1)
      .orderBy('forum.sort')
      .orderBy('plate.sort')
      .orderBy('plate.id')
      .execute(),
    forumTopics: (await publicTopics(gen).selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc').limit(LIST_SIZE).execute()).map((t) => ({
      ...publicTheme(t),
      date: String(t.createTime ?? '').slice(0, 10),
    })),
  }),
  family: (gen, base, shared, changedOnly) => topicJobs(gen, base, shared, changedOnly),
  prune: pruneTopics,
});
