import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { ok } from '../../../http/envelope.js';
import { PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { articleRelPath } from '../../generation/context.js';
import { publishedRel } from './files.js';
import { accessFilter, loadArticle, readOneId } from '../articles/service.js';
import type { VoiceService } from './service.js';
import { describeInput } from '../../../http/routeInput.js';

const VOICE_INPUT = describeInput({ either: { articleId: ['integer', '文章ID'], id: ['integer', '文章ID（同 articleId）'] } });

/** Who may make or delete audio: a button of its own under 文章管理 (granted to 系统管理员). */
export const VOICE_PERMISSION = 'article:voice';

const STATUS_NAMES: Record<string, string> = { pending: '排队中', working: '生成中', ready: '已生成', failed: '生成失败' };

export function voiceRoutes(decl: ResourceDecl, service: VoiceService) {
  return async (app: FastifyInstance) => {
    const db = app.db;
    const article = async (request: Parameters<typeof currentUser>[0], names: string[]) => {
      const id = readOneId(queryOf(request), bodyOf(request), names);
      return loadArticle(db, await accessFilter(db, currentUser(request), decl), id);
    };
    const statusOf = async (a: Awaited<ReturnType<typeof article>>) => {
      const row = await service.row(a.articleId);
      if (!row) return { articleId: a.articleId, status: 'none', statusName: '无语音', hasVoice: false };
      const ready = row.status === 'ready' && row.fileName;
      return {
        articleId: a.articleId,
        status: row.status,
        statusName: STATUS_NAMES[row.status] ?? row.status,
        hasVoice: Boolean(ready),
        durationSeconds: row.durationMs === null ? null : Math.round(row.durationMs / 100) / 10,
        bytes: row.bytes,
        engine: row.engine,
        // The published copy, site-relative (shown beside the page while the article is public).
        url: ready && a.status === 5 ? publishedRel(articleRelPath(a), String(row.fileName)) : null,
        error: row.status === 'failed' ? row.error : null,
        updateTime: row.updateTime,
      };
    };

    // articleVoice { articleId } (or id): queues the audio of the article's current text; answers at once.
    app.post('/articleVoice/synthesis', { config: { permission: VOICE_PERMISSION }, schema: VOICE_INPUT, attachValidation: true }, async (request) => {
      const a = await article(request, ['articleId', 'id']);
      const result = await service.request(a.articleId);
      if (result === 'busy') throw new PortalError(1005, '语音生成任务较多，请稍后再试');
      return ok(await statusOf(a), result === 'current' ? '语音已是最新' : '语音生成任务已提交');
    });

    // idDto { id: articleId }: the audio goes (file, published copy, row); the page is re-rendered without it.
    app.post('/articleVoice/deleteVoice', { config: { permission: VOICE_PERMISSION }, schema: VOICE_INPUT, attachValidation: true }, async (request) => {
      const a = await article(request, ['id', 'articleId']);
      if (!(await service.remove(a.articleId))) throw new PortalError(1005, '该文章没有语音');
      if (a.status === 5) await service.refreshPage(a.articleId).catch((e: unknown) => request.log.error(e));
      return ok(null, '删除成功');
    });

    // Design (the spec has none): whether the article has audio, for the admin article screen.
    app.post('/articleVoice/status', { config: { permission: decl.permissions.get }, schema: VOICE_INPUT, attachValidation: true }, async (request) => ok(await statusOf(await article(request, ['articleId', 'id']))));
  };
}
