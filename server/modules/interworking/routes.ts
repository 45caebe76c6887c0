import type { FastifyInstance, FastifyRequest } from 'fastify';
import { searchOf } from '../../crud/routes.js';
import { getRecord, listRecords } from '../../crud/service.js';
import type { Row } from '../../db/types.js';
import { insertInterworking, storeDelivery } from '../../entities/interWorking.js';
import { ok } from '../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../http/errors.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { bodyOf, readId } from '../../http/params.js';
import { formatDateTime } from '../../util/time.js';
import { declarationOf } from '../declarationLookup.js';
import { createInterworkingSender, type InterworkingSender } from './sender.js';
import { declaredInput, describeInput, ID } from '../../http/routeInput.js';

/** A save/<kind> body: the item (any further fields are sent as they are), or the `id` of one to send again. */
const SEND_INPUT = describeInput({
  body: {
    id: ['integer', '已记录的报送ID：重新报送该条'],
    title: ['string', '标题，不超过300个字符（引用文章时默认文章标题）'],
    articleId: ['integer', '引用的文章ID（文章类报送）'],
    sourceId: ['integer', '来源记录ID'],
  },
});

/** The seven kinds, one save call each (spec part 1 "Inter-working articles"). */
export const INTERWORKING_KINDS = ['policyDoc', 'leader', 'org', 'bulletin', 'mail', 'apply', 'common'] as const;
/** Largest JSON payload one item may carry. */
export const INTERWORKING_MAX_BYTES = 200_000;
/** Kinds whose source is an article of this portal (`articleId`). */
const ARTICLE_KINDS = new Set(['policyDoc', 'leader', 'org', 'bulletin', 'common']);

/** The stored payload as an object (the API answers it as the JSON text the 报送内容 field shows). */
const payloadOf = (r: Row): Record<string, unknown> => {
  try {
    return r.payload ? (JSON.parse(String(r.payload)) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * 集约化报送 (docs/spec-calls.md): save/<kind> queues an item and hands it to the sender at once;
 * the list and getInterWorking show what was sent and the platform's answer. A body with the `id` of
 * an item re-sends it (after a failure).
 */
export async function interworkingRoutes(app: FastifyInstance, sender?: InterworkingSender) {
  const decl = declarationOf(app, 'interWorking');
  if (!decl) return;
  // The declaration's table is fixed (resources/interWorking.ts: 'interworking_article'): the typed handle.
  const db = app.db;
  const out = sender ?? createInterworkingSender(app.log);

  app.post(decl.api.list.path, { config: { permission: decl.permissions.list }, schema: declaredInput(decl, 'list'), attachValidation: true }, async (request) => {
    return ok(await listRecords(db, decl, currentUser(request), searchOf(request)));
  });
  app.post(decl.api.get.path, { config: { permission: decl.permissions.get }, schema: describeInput({ either: { id: ID } }), attachValidation: true }, async (request) =>
    ok(await getRecord(db, decl, currentUser(request), readId(request))),
  );

  const deliver = async (id: number) => {
    const row = await db.selectFrom('interworking_article').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const sent = await out.send({ id, kind: String(row.kind), title: String(row.title), sourceId: row.sourceId, payload: payloadOf(row) });
    await storeDelivery(db, id, { status: sent.status, result: sent.result, attempts: (row.attempts ?? 0) + 1, sentTime: formatDateTime() });
    return db.selectFrom('interworking_article').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  };

  const save = (kind: string) => async (request: FastifyRequest) => {
    const body = bodyOf(request);
    if (body.id !== undefined && body.id !== null && body.id !== '') {
      const existing = await db.selectFrom('interworking_article').select(['id', 'kind']).where('id', '=', readId(request)).executeTakeFirst();
      if (!existing || existing.kind !== kind) throw notFoundRecord();
      const row = await deliver(existing.id);
      return ok(row, row.status === 2 ? '报送失败，已记录' : '已重新报送');
    }
    const rawSource = body.articleId ?? body.sourceId;
    let sourceId: number | null = null;
    if (rawSource !== undefined && rawSource !== null && rawSource !== '') {
      sourceId = Number(rawSource);
      if (!Number.isSafeInteger(sourceId) || sourceId <= 0) throw invalidValue('参数格式不正确：articleId');
    }
    const payload: Record<string, unknown> = { ...body };
    let title = typeof body.title === 'string' ? body.title.trim() : '';
    if (sourceId !== null && ARTICLE_KINDS.has(kind) && body.articleId !== undefined) {
      const article = await db.selectFrom('article').select(['articleId', 'title', 'content', 'publishTime', 'source']).where('articleId', '=', sourceId).executeTakeFirst();
      if (!article) throw notFoundRecord();
      title ||= String(article.title);
      payload.article = article;
    }
    if (!title) throw missingParam('title');
    if (title.length > 300) throw invalidValue('标题长度不能超过300个字符');
    const json = JSON.stringify(payload);
    if (Buffer.byteLength(json) > INTERWORKING_MAX_BYTES) throw invalidValue('报送内容过长');
    const user = currentUser(request);
    const row = await deliver(await insertInterworking(db, { kind, title, sourceId, payload: json, status: 0, attempts: 0, creatorName: user.name, createTime: formatDateTime() }));
    return ok(row, row.status === 2 ? '报送失败，已记录，可稍后重新报送' : row.status === 3 ? '已记录（未配置集约化平台）' : '报送成功');
  };
  for (const kind of INTERWORKING_KINDS) {
    app.post(`/api/interWorking/article/save/${kind}`, { config: { permission: 'interWorking:send' }, schema: SEND_INPUT, attachValidation: true }, save(kind));
  }
}
