import type { FastifyRequest } from 'fastify';
import type { ThemeContext } from './context.js';
import { applyScope } from '../../../auth/dataScope.js';
import { searchOf } from '../../../crud/routes.js';
import { readPaging } from '../../../crud/listQuery.js';
import { listRecords } from '../../../crud/service.js';
import { ok } from '../../../http/envelope.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf, readId } from '../../../http/params.js';
import { paginate } from '../../../shared/paging.js';
import { maskPage, PERSONAL_FIELDS } from '../../../shared/mask.js';
import { revealOrMask } from '../../../shared/sensitiveView.js';
import type { Channel } from './service.js';

/** The staff calls the channel and forum routes share (list, get, replies, the actions for a channel), over one service. */
export function staffCalls({ app, decl, svc, db }: ThemeContext) {
  /** The admin list of a channel (or all), with the declared filters and the caller's scope. */
  const adminList = async (request: FastifyRequest, channel?: Channel) => {
    const search = searchOf(request);
    if (channel) search.channel = channel;
    return maskPage(await listRecords(db, decl, currentUser(request), search));
  };
  const adminGet = async (request: FastifyRequest, channel?: Channel) => {
    const rule = await svc.rule(currentUser(request));
    const [row] = await svc.load(db, rule, [readId(request)], channel);
    // The poster's phone in full only for 查看敏感信息 (logged).
    const shown = await revealOrMask(db, request, row!, PERSONAL_FIELDS, `论坛主题 ${String(row!.queryCode ?? row!.id)}`);
    return ok({ ...shown, replies: await svc.replies(Number(row!.id), false) });
  };

  /**
   * A declared action of the theme (server/entities/theme/) for a channel family: the /xax/theme/* calls
   * and /theme/transfer run the /ll/theme/* actions through the local API, for their own channels.
   */
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
  const replyGet = async (request: FastifyRequest, channel?: Channel) => {
    const rule = await svc.rule(currentUser(request));
    const [reply] = await svc.loadReplies(db, rule, [readId(request)], channel);
    return ok(reply);
  };
  return { adminList, adminGet, act, replyQuery, replyGet };
}
