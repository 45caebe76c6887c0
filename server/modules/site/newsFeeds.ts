import type { FastifyInstance } from 'fastify';
import { dynamic } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { readSize } from '../../http/params.js';
import { declarationOf } from '../declarationLookup.js';
import { sizeInput } from '../../http/routeInput.js';

/** The four public news lists and the `feed` value of their links (resources/newsLink.ts). */
export const NEWS_FEEDS = ['capital', 'province', 'city', 'xaxGgzyjypt'] as const;
const PUBLIC_FIELDS = ['id', 'title', 'url', 'source', 'publishDate'] as const;

/**
 * POST /web/new/capital | province | city | xaxGgzyjypt (?size, default 8, at most 50): the enabled links
 * staff keep under 外部新闻, newest first. Public.
 */
export async function newsFeedRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'newsLink');
  if (!decl) return;
  for (const feed of NEWS_FEEDS) {
    app.post(`/web/new/${feed}`, { config: { public: true }, schema: sizeInput(8, 50), attachValidation: true }, async (request) => {
      const size = readSize(request, 'size', 8, 50);
      const list = await dynamic(app.db)
        .selectFrom(decl.table)
        .select([...PUBLIC_FIELDS])
        .where('feed', '=', feed)
        .where('status', '=', 1)
        .orderBy('sort', 'asc')
        .orderBy('publishDate', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .execute();
      return ok(list);
    });
  }
}
