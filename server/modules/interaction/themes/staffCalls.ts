import type { FastifyRequest } from 'fastify';
import type { ThemeContext } from './context.js';
import { applyScope } from '../../../auth/dataScope.js';
import { searchOf } from '../../../crud/routes.js';
import { readPaging } from '../../../crud/listQuery.js';
import { ok } from '../../../http/envelope.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { paginate } from '../../../shared/paging.js';
import type { Channel } from './service.js';

/** The staff calls the channel and forum routes share: the replies' list, and the declared actions for a channel family. */
export function staffCalls({ app, svc, db }: ThemeContext) {
  /** A declared action of the theme (server/entities/theme/) through the local API, for a channel family (批量办结). */
  const act = (request: FastifyRequest, action: string, ids: number[], family: 'xax' | 'all') =>
    app.entities.api(currentUser(request)).runAction('theme', action, { ids, body: { ...queryOf(request), ...bodyOf(request), family } });

  const replyQuery = async (request: FastifyRequest, channel?: Channel) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    const rule = await svc.rule(currentUser(request));
    let q = applyScope(db.selectFrom('theme_reply').innerJoin('theme', 'theme.id', 'theme_reply.themeId'), rule);
    if (channel) q = q.where('theme.channel', '=', channel);
    if (search.themeId !== undefined && search.themeId !== '') q = q.where('theme_reply.themeId', '=', Number(search.themeId));
    if (search.status !== undefined && search.status !== '') q = q.where('theme_reply.status', '=', Number(search.status));
    return ok(await paginate(q, { pageNum, pageSize }, (s) => s.selectAll('theme_reply').select(['theme.title as themeTitle', 'theme.channel']).orderBy('theme_reply.id', 'desc')));
  };
  return { act, replyQuery };
}
