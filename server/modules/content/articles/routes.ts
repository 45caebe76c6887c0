import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ARTICLE_TRANSITIONS, type ArticleTransition } from '../../../../resources/article.js';
import type { ResourceDecl } from '../../../../resources/types.js';
import { departmentAndDescendants } from '../../../auth/dataScope.js';
import type { Db, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, PortalError } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, queryOf } from '../../../http/params.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { modelOfColumn, readFieldValues, saveFieldValues, validateFieldValues, type Model } from '../contentModels/service.js';
import { onArticleChanged, type ArticleChange } from './hooks.js';
import { articleOrderRoutes } from './orderRoutes.js';
import { articleInputs, type ArticleInputs } from './inputs.js';
import {
  accessFilter,
  addFlow,
  assertTransition,
  checkArticleRules,
  checkTargetColumn,
  columnTitleMap,
  flowOf,
  listArticles,
  loadArticle,
  parseFlags,
  readArticleIds,
  readArticleInput,
  readOneId,
  readOpinion,
  storeFlags,
  toApi,
  type ArticleInput,
} from './service.js';
import { detectSensitive, recordSensitiveHits, type SensitiveHit } from './sensitive.js';
import { createListCache } from './listCache.js';
import { createdBy } from '../../../shared/records.js';
import { insertArticle, removeArticles, updateArticleInState } from '../../../entities/article.js';

const search = (request: FastifyRequest): Row => ({ ...queryOf(request), ...bodyOf(request) });

function refuseBlocked(hits: readonly SensitiveHit[]) {
  const blocked = [...new Set(hits.filter((h) => h.level === 1).map((h) => h.word))];
  if (blocked.length) throw new PortalError(1005, `包含禁止发布的敏感词：${blocked.join('、')}，请修改后再提交`);
}

/** What a state change means for search and static pages. */
function changeOf(before: number, after: number): ArticleChange {
  if (after === 5) return 'published';
  return before === 5 ? 'unpublished' : 'changed';
}

/** What the article route groups share. */
interface ArticleContext {
  app: FastifyInstance;
  db: Db;
  decl: ResourceDecl;
  input: ArticleInputs;
  /** Tells search and the static pages what changed (hooks.ts). */
  fire: (changes: [number, ArticleChange][]) => Promise<void>;
}

/** /api/article/*: admin lists and saves, the review workflow, public reads. See docs/content.md. */
export async function articleRoutes(app: FastifyInstance) {
  const found = declarationOf(app, 'article');
  if (!found) return;
  const decl: ResourceDecl = found;
  const db = app.db;
  const fire = async (changes: [number, ArticleChange][]) => {
    for (const [id, change] of changes) await onArticleChanged(db, id, change, (e) => app.log.error(e));
  };
  const ctx: ArticleContext = { app, db, decl, input: articleInputs(decl), fire };
  articleListRoutes(ctx);
  articleReadRoutes(ctx);
  articleSaveRoutes(ctx);
  articleStepRoutes(ctx);
  articleDeleteRoutes(ctx);
  await articleOrderRoutes(app, decl, fire);
}

/** The admin lists. Results cached until an article, column, department, grant or the user's rights change (listCache.ts). */
function articleListRoutes({ app, db, decl, input }: ArticleContext) {
  const p = decl.permissions;
  const cachedList = createListCache<Awaited<ReturnType<typeof listArticles>>>();
  app.post('/api/article/list', { config: { permission: p.list }, schema: input.list, attachValidation: true }, async (request) => {
    const s = search(request);
    const todo = s.todo === 1 || s.todo === '1' || s.todo === true;
    return ok(await cachedList(request, ['list', s, todo], () => listArticles(db, decl, currentUser(request), s, { todo, listVersion: request.cacheVersions?.articleLists })));
  });

  app.post('/api/article/listByDept', { config: { permission: p.list }, schema: input.byDept, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const s = search(request);
    return ok(
      await cachedList(request, ['byDept', s], async () => {
        const depts = user.deptId === null ? [] : await departmentAndDescendants(db, user.deptId);
        return listArticles(db, decl, user, s, { deptIds: depts, listVersion: request.cacheVersions?.articleLists });
      }),
    );
  });
}

async function detail(db: Db, row: Row): Promise<Row> {
  const titles = await columnTitleMap(db);
  const id = Number(row.articleId);
  const model = await modelOfColumn(db, Number(row.columnId));
  const hits = await db.selectFrom('article_sensitive').selectAll().where('articleId', '=', id).orderBy('level').execute();
  return {
    ...toApi(row, titles),
    modelFields: model ? await readFieldValues(db, model, id) : {},
    model: model ? { cmId: model.cmId, cmTipsName: model.cmTipsName, fields: model.fields } : null,
    flowList: await flowOf(db, id),
    sensitiveHits: hits.map((h) => ({ ...h, level: Number(h.level) })),
  };
}

/** One article: its detail, model values, sensitive-word hits. */
function articleReadRoutes({ app, db, decl, input }: ArticleContext) {
  const p = decl.permissions;
  app.get('/api/article/redisByArticleId', { config: { permission: p.get }, schema: input.articleQuery, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const id = readOneId(queryOf(request), {}, ['articleId']);
    const row = await loadArticle(db, await accessFilter(db, user, decl), id);
    return ok(await detail(db, row));
  });

  app.get('/api/article/queryFieldOverwrite', { config: { permission: p.get }, schema: input.fieldOverwrite, attachValidation: true }, async (request) => {
    const q = queryOf(request);
    const columnId = readOneId(q, {}, ['columnId']);
    const model = await modelOfColumn(db, columnId);
    if (!(await db.selectFrom('category').select('categoryId').where('categoryId', '=', columnId).executeTakeFirst())) throw invalidValue('栏目不存在');
    let values: Row = {};
    if (model && q.basicId !== undefined && q.basicId !== '') {
      const id = readOneId(q, {}, ['basicId']);
      await loadArticle(db, await accessFilter(db, currentUser(request), decl), id);
      values = await readFieldValues(db, model, id);
    }
    return ok({ model: model ? { cmId: model.cmId, cmTipsName: model.cmTipsName, cmTableName: model.cmTableName } : null, fields: model?.fields ?? [], values });
  });

  app.post('/api/article/articleSensitiveList', { config: { permission: p.get }, schema: input.articleId, attachValidation: true }, async (request) => {
    const id = readOneId(queryOf(request), bodyOf(request), ['articleId']);
    await loadArticle(db, await accessFilter(db, currentUser(request), decl), id);
    const rows = await db.selectFrom('article_sensitive').selectAll().where('articleId', '=', id).orderBy('level').orderBy('id').execute();
    return ok(rows.map((r) => ({ ...r, id: r.id, level: Number(r.level), wordId: Number(r.wordId) })));
  });

  app.post('/api/article/detection', { config: { permission: p.list }, schema: input.detection, attachValidation: true }, async (request) => {
    const body = search(request);
    let parts: Row = body;
    if (body.content === undefined && body.title === undefined && body.articleId !== undefined) {
      const id = readOneId({}, body, ['articleId']);
      parts = await loadArticle(db, await accessFilter(db, currentUser(request), decl), id);
    }
    const hits = await detectSensitive(db, { title: parts.title, summary: parts.summary, content: parts.content });
    return ok({ hits, blocked: hits.some((h) => h.level === 1), needReview: hits.some((h) => h.level === 2) }, hits.length ? `发现${hits.length}处敏感词` : '未发现敏感词');
  });
}

async function modelValues(model: Model | undefined, body: Row, mode: 'create' | 'update'): Promise<Row | null> {
  if (!model) return null;
  if (mode === 'update' && body.modelFields === undefined) return null;
  return validateFieldValues(model, body.modelFields, mode);
}

async function create({ db, decl, fire }: ArticleContext, request: FastifyRequest, asAdmin: boolean) {
  const user = currentUser(request);
  const body = bodyOf(request);
  const input: ArticleInput = readArticleInput(decl, body, 'create');
  const status = input.status ?? 3;
  if (status === 5 && !(asAdmin && user.permissions.has('article:approve'))) throw new PortalError(1005, '没有直接发布的权限，请提交审核');
  const columnId = Number(input.values.columnId);
  await checkTargetColumn(db, user, columnId, !asAdmin);
  const flags = input.flags ?? [];
  checkArticleRules(input.values, flags);
  const model = await modelOfColumn(db, columnId);
  const fieldValues = await modelValues(model, body, 'create');
  const hits = await detectSensitive(db, { title: input.values.title, summary: input.values.summary, content: input.values.content });
  if (status !== 3) refuseBlocked(hits);
  const now = formatDateTime();
  const id = await db.transaction().execute(async (trx) => {
    const values: Row = {
      ...input.values,
      flags: storeFlags(flags),
      status,
      hits: 0,
      imported: 0,
      ...createdBy(user, now),
    };
    if (status === 4) values.submitTime = now;
    if (status === 5 && !values.publishTime) values.publishTime = now;
    const articleId = await insertArticle(trx, values);
    await addFlow(trx, user, { articleId, action: 'create', actionName: '新建', fromStatus: null, toStatus: 3 });
    if (status === 4) await addFlow(trx, user, { articleId, action: 'submit', actionName: '提交审核', fromStatus: 3, toStatus: 4 });
    if (status === 5) await addFlow(trx, user, { articleId, action: 'publish', actionName: '直接发布', fromStatus: 3, toStatus: 5 });
    if (model && fieldValues) await saveFieldValues(trx, model, articleId, fieldValues);
    await recordSensitiveHits(trx, articleId, hits);
    return articleId;
  });
  await fire([[id, status === 5 ? 'published' : 'changed']]);
  const saved = await detail(db, await loadArticle(db, await accessFilter(db, user, decl), id).catch(async () => await db.selectFrom('article').selectAll().where('articleId', '=', id).executeTakeFirstOrThrow()));
  return ok(saved, status === 4 ? '已提交审核' : status === 5 ? '发布成功' : '保存成功');
}

/**
 * Edits an article and optionally moves it along one step, in one transaction, with one history
 * entry per change. `step` null = a plain edit (update); the body's status 4 then submits it.
 */
async function editAndStep({ db, decl, fire }: ArticleContext, request: FastifyRequest, step: ArticleTransition | null, action: string, actionName: string) {
  const user = currentUser(request);
  const body = bodyOf(request);
  const query = queryOf(request);
  const id = readOneId(query, body, ['articleId', 'id']);
  const input = readArticleInput(decl, body, 'update');
  const opinion = readOpinion(query, body, step === 'reject');
  const access = await accessFilter(db, user, decl, step === null ? 'own' : 'read');
  const existing = await loadArticle(db, access, id);
  const before = existing.status;
  let submit = false;
  if (step === null) {
    assertTransition('edit', before);
    if (before === 5 && !user.permissions.has('article:approve')) throw new PortalError(1005, '当前状态为已发布，不能执行“修改”（需要终审权限）');
    if (input.status === 5) throw invalidValue('修改时不能直接发布，请走审核流程');
    submit = input.status === 4 && before !== 5;
    if (submit) assertTransition('submit', before);
  } else {
    assertTransition(step, before, actionName);
  }
  const merged: Row = { ...existing, ...input.values };
  const flags = input.flags ?? parseFlags(String(existing.flags ?? '').replace(/^,|,$/g, ''));
  checkArticleRules(merged, flags);
  const columnId = Number(merged.columnId);
  if (input.values.columnId !== undefined && columnId !== existing.columnId) {
    await checkTargetColumn(db, user, columnId, !user.permissions.has('article:saveAdmin'));
  }
  const model = await modelOfColumn(db, columnId);
  const fieldValues = await modelValues(model, body, 'update');
  const after = step === null ? (submit ? 4 : before) : (ARTICLE_TRANSITIONS[step].to as number);
  const hits = await detectSensitive(db, { title: merged.title, summary: merged.summary, content: merged.content });
  if (after === 4 || after === 5 || after === 6) refuseBlocked(hits);
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    const values: Row = { ...input.values, updateTime: now, status: after };
    if (input.flags) values.flags = storeFlags(flags);
    if (after === 4 && before !== 4) values.submitTime = now;
    if (after === 5 && !merged.publishTime) values.publishTime = now;
    if (step !== null) values.lastOpinion = opinion;
    // The state is checked again inside the transaction: two reviewers acting at once cannot both succeed.
    await updateArticleInState(trx, id, before, values);
    // A plain update that only submits records just the submission; an edit with a submission records both.
    const edited = Object.keys(input.values).length > 0 || input.flags !== undefined || fieldValues !== null;
    if (!submit) await addFlow(trx, user, { articleId: id, action, actionName, fromStatus: before, toStatus: after, opinion });
    else if (edited) await addFlow(trx, user, { articleId: id, action, actionName, fromStatus: before, toStatus: before, opinion });
    if (submit) await addFlow(trx, user, { articleId: id, action: 'submit', actionName: '提交审核', fromStatus: before, toStatus: 4 });
    if (model && fieldValues) await saveFieldValues(trx, model, id, fieldValues);
    await recordSensitiveHits(trx, id, hits);
  });
  await fire([[id, after === 5 ? 'published' : changeOf(before, after)]]);
  return ok(await detail(db, await loadArticle(db, access, id).catch(() => existing)), submit ? '已提交审核' : '操作成功');
}

/** The saves: new articles, edits, edits with a review step. */
function articleSaveRoutes(ctx: ArticleContext) {
  const { app, decl, input } = ctx;
  const p = decl.permissions;
  app.post('/api/article/save/role', { config: { permission: p.create }, schema: input.create, attachValidation: true }, (request) => create(ctx, request, false));
  app.post('/api/article/save/admin', { config: { permission: 'article:saveAdmin' }, schema: input.create, attachValidation: true }, (request) => create(ctx, request, true));
  app.post('/api/article/update', { config: { permission: p.update }, schema: input.update, attachValidation: true }, (request) => editAndStep(ctx, request, null, 'edit', '修改'));
  app.post('/api/article/updateAndAccept', { config: { permission: 'article:accept' }, schema: input.update, attachValidation: true }, (request) => editAndStep(ctx, request, 'accept', 'updateAndAccept', '修改并初审通过'));
  app.post('/api/article/updateAndApprove', { config: { permission: 'article:approve' }, schema: input.update, attachValidation: true }, (request) => editAndStep(ctx, request, 'approve', 'updateAndApprove', '修改并终审发布'));
  app.post('/api/article/updateAndReject', { config: { permission: 'article:reject' }, schema: input.update, attachValidation: true }, (request) => editAndStep(ctx, request, 'reject', 'updateAndReject', '修改并退回'));
}

async function step({ db, decl, fire }: ArticleContext, request: FastifyRequest, stepName: ArticleTransition, action: string, opinionRequired: boolean) {
  const user = currentUser(request);
  const body = bodyOf(request);
  const query = queryOf(request);
  const ids = readArticleIds(query, body);
  const opinion = readOpinion(query, body, opinionRequired);
  const t = ARTICLE_TRANSITIONS[stepName];
  const access = await accessFilter(db, user, decl, stepName === 'withdraw' ? 'own' : 'read');
  const changes: [number, ArticleChange][] = [];
  await db.transaction().execute(async (trx) => {
    const now = formatDateTime();
    for (const id of ids) {
      const row = await loadArticle(trx, access, id);
      const before = row.status;
      assertTransition(stepName, before);
      if (t.to === 5 || t.to === 6) {
        refuseBlocked(await detectSensitive(trx, { title: row.title, summary: row.summary, content: row.content }));
      }
      const to = t.to as number;
      const values: Row = { status: to, updateTime: now, lastOpinion: opinion };
      if (to === 5 && !row.publishTime) values.publishTime = now;
      await updateArticleInState(trx, id, before, values);
      await addFlow(trx, user, { articleId: id, action, actionName: t.label, fromStatus: before, toStatus: to, opinion });
      changes.push([id, changeOf(before, to)]);
    }
  });
  await fire(changes);
  return ok(ids.length, `${t.label}成功`);
}

/** Workflow steps on one or more articles (all or nothing). */
function articleStepRoutes(ctx: ArticleContext) {
  const { app, decl, input } = ctx;
  const p = decl.permissions;
  app.post('/api/article/accept', { config: { permission: 'article:accept' }, schema: input.step, attachValidation: true }, (r) => step(ctx, r, 'accept', 'accept', false));
  app.post('/api/article/acceptReject', { config: { permission: 'article:accept' }, schema: input.step, attachValidation: true }, (r) => step(ctx, r, 'acceptReject', 'acceptReject', true));
  app.post('/api/article/approve', { config: { permission: 'article:approve' }, schema: input.step, attachValidation: true }, (r) => step(ctx, r, 'approve', 'approve', false));
  app.post('/api/article/reject', { config: { permission: 'article:reject' }, schema: input.step, attachValidation: true }, (r) => step(ctx, r, 'reject', 'reject', true));
  app.post('/api/article/delArticleTask', { config: { permission: p.update }, schema: input.step, attachValidation: true }, (r) => step(ctx, r, 'withdraw', 'withdraw', false));
  app.post('/api/article/rejectArticleTask', { config: { permission: 'article:approve' }, schema: input.step, attachValidation: true }, (r) => step(ctx, r, 'takeDown', 'takeDown', false));
}

/** Deleting articles, and imported ones only. */
function articleDeleteRoutes({ app, db, decl, input, fire }: ArticleContext) {
  const p = decl.permissions;
  app.post('/api/article/delete', { config: { permission: p.delete }, schema: input.ids, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const ids = readArticleIds(queryOf(request), bodyOf(request));
    const access = await accessFilter(db, user, decl, 'own');
    await db.transaction().execute(async (trx) => {
      for (const id of ids) assertTransition('delete', (await loadArticle(trx, access, id)).status);
      await removeArticles(trx, ids);
    });
    await fire(ids.map((id) => [id, 'removed']));
    return ok(ids.length, '删除成功');
  });

  app.post('/api/article/deleteImportArticle', { config: { permission: p.delete }, schema: input.ids, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    const ids = readArticleIds(queryOf(request), bodyOf(request));
    const access = await accessFilter(db, user, decl, 'own');
    await db.transaction().execute(async (trx) => {
      for (const id of ids) {
        const row = await loadArticle(trx, access, id);
        if (row.imported !== 1) throw new PortalError(1005, `文章“${String(row.title)}”不是导入的文章，不能用此操作删除`);
      }
      await removeArticles(trx, ids);
    });
    await fire(ids.map((id) => [id, 'removed']));
    return ok(ids.length, '删除成功');
  });
}
