import { ARTICLE_TRANSITIONS } from '../../../resources/article.js';
import type { RecordData } from '../../../resources/behaviour.js';
import type { EntityChangeArgs, EntityContext } from '../../crud/entity/types.js';
import type { Row } from '../../db/types.js';
import { invalidValue, PortalError } from '../../http/errors.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { modelOfColumn, readFieldValues, saveFieldValues, validateFieldValues, type Model } from '../../modules/content/contentModels/service.js';
import { ARTICLE_WRITE, changeOf, type ArticleChange, type ArticleWrite } from '../../modules/content/articles/changes.js';
import { detectSensitive, recordSensitiveHits, type SensitiveHit } from '../../modules/content/articles/sensitive.js';
import { addFlow, type FlowEntry } from '../../modules/content/articles/flow.js';
import { assertTransition, checkArticleRules, checkTargetColumn, parseFlags, readOpinion, splitArticleBody, storeFlags, type ArticleBodyParts } from '../../modules/content/articles/service.js';
import { isOrderOnly } from '../../crud/ordering.js';
import { copiedFrom } from '../../crud/actionCopy.js';
import { savedVia } from '../../crud/actionSaves.js';

/** A history entry to write once the article's row is stored. */
type PendingFlow = Omit<FlowEntry, 'articleId'>;

/** What one save found before writing, for its afterChange (keyed by the operation's context). */
interface SaveNotes {
  readonly write: ArticleWrite;
  readonly by: PortalUser;
  readonly parts: ArticleBodyParts;
  readonly opinion: string | null;
  /** The article a copy is made of. */
  readonly source?: RecordData;
  model?: Model;
  fieldValues?: Row | null;
  hits?: readonly SensitiveHit[];
  flows: PendingFlow[];
  change: ArticleChange;
}
const notes = new WeakMap<EntityContext, SaveNotes>();
/** Demo records being written (nobody is told of them). */
const seeds = new WeakSet<EntityContext>();

/** What server code said about the operation's write (ARTICLE_WRITE), once the article's beforeValidate kept it. */
export const writeIn = (ctx: EntityContext): ArticleWrite | undefined => notes.get(ctx)?.write;

/**
 * What the write is: ARTICLE_WRITE's note, 管理员发布 (the generic create by the `saveAdmin` action) or a copy
 * (the action's generic `copy`; an admin's copy may go into any column).
 */
export function writeOf(data: RecordData, by: PortalUser): ArticleWrite {
  const write = ((data as Record<symbol, unknown>)[ARTICLE_WRITE] as ArticleWrite | undefined) ?? {};
  const source = copiedFrom(data);
  if (source) return { ...write, copyOf: Number(source.articleId), admin: by.permissions.has('article:saveAdmin') };
  return savedVia(data) === 'saveAdmin' ? { ...write, admin: true } : write;
}

function refuseBlocked(hits: readonly SensitiveHit[]) {
  const blocked = [...new Set(hits.filter((h) => h.level === 1).map((h) => h.word))];
  if (blocked.length) throw new PortalError(1005, `包含禁止发布的敏感词：${blocked.join('、')}，请修改后再提交`);
}

/**
 * Before the field rules: the body's text, flags, requested state and model values are taken apart (the
 * field rules see only the declared fields; read-only ones come from the server, never from a body).
 */
export function articleBeforeValidate({ operation, data, ctx }: EntityChangeArgs): RecordData {
  const write = writeOf(data, ctx.caller);
  if (write.seed) seeds.add(ctx);
  if (isOrderOnly(data) || write.seed) return data;
  const parts = splitArticleBody({ ...data });
  const rest: Row = { ...parts.rest };
  for (const name of ['status', 'hits', 'imported', 'lastOpinion', 'submitTime', 'deptId', 'deptName', 'creatorId', 'creatorName', 'createTime', 'updateTime']) delete rest[name];
  const opinion = write.opinion !== undefined ? write.opinion : operation === 'update' ? readOpinion({}, data, false) : null;
  notes.set(ctx, { write, by: write.by ?? ctx.caller, parts, opinion, source: copiedFrom(data), flows: [], change: 'changed' });
  return rest;
}

/** Model values of the save (a column with a content model), checked. */
async function modelValues(ctx: EntityContext, note: SaveNotes, columnId: number, operation: 'create' | 'update') {
  note.model = await modelOfColumn(ctx.trx, columnId);
  if (!note.model || note.write.copyOf || (operation === 'update' && note.parts.modelFields === undefined)) return;
  note.fieldValues = validateFieldValues(note.model, note.parts.modelFields, operation);
}

/** A new article: its state (3, 4 submitted, 5 published by 管理员发布), column, flags, model values, sensitive words. */
async function beforeCreate(data: RecordData, ctx: EntityContext, note: SaveNotes): Promise<RecordData> {
  const { write, by, parts } = note;
  const status = parts.status ?? 3;
  if (status === 5 && !(write.admin && by.permissions.has('article:approve'))) throw new PortalError(1005, '没有直接发布的权限，请提交审核');
  const columnId = Number(data.columnId);
  await checkTargetColumn(ctx.trx, by, columnId, !write.admin);
  const flags = parts.flags ?? [];
  checkArticleRules(data, flags);
  await modelValues(ctx, note, columnId, 'create');
  const content = parts.content ?? '';
  note.hits = await detectSensitive(ctx.trx, { title: data.title, summary: data.summary, content });
  if (status !== 3) refuseBlocked(note.hits);
  const values: RecordData = { ...data, content, flags: storeFlags(flags), status, hits: 0, imported: 0, lastOpinion: null, submitTime: null };
  if (status === 4) values.submitTime = ctx.now;
  if (status === 5 && !values.publishTime) values.publishTime = ctx.now;
  if (write.copyOf) note.flows.push({ action: 'copy', actionName: '复制', fromStatus: null, toStatus: 3, opinion: `复制自文章${write.copyOf}` });
  else note.flows.push({ action: 'create', actionName: '新建', fromStatus: null, toStatus: 3 });
  if (status === 4) note.flows.push({ action: 'submit', actionName: '提交审核', fromStatus: 3, toStatus: 4 });
  if (status === 5) note.flows.push({ action: 'publish', actionName: '直接发布', fromStatus: 3, toStatus: 5 });
  note.change = status === 5 ? 'published' : 'changed';
  return values;
}

/** The state an update leads to: a step's, or (a plain edit) the same, or 4 when the body submits it. */
function targetState(note: SaveNotes, before: number): { after: number; submit: boolean } {
  const { write, by, parts } = note;
  if (write.step) {
    assertTransition(write.step, before, write.actionName);
    return { after: ARTICLE_TRANSITIONS[write.step].to as number, submit: false };
  }
  assertTransition('edit', before);
  if (before === 5 && !by.permissions.has('article:approve')) throw new PortalError(1005, '当前状态为已发布，不能执行“修改”（需要终审权限）');
  if (parts.status === 5) throw invalidValue('修改时不能直接发布，请走审核流程');
  const submit = parts.status === 4 && before !== 5;
  if (submit) assertTransition('submit', before);
  return { after: submit ? 4 : before, submit };
}

/** An edit and/or a review step, with one history entry per change. */
async function beforeUpdate(data: RecordData, original: RecordData, ctx: EntityContext, note: SaveNotes): Promise<RecordData> {
  const { write, by, parts, opinion } = note;
  const before = Number(original.status);
  const { after, submit } = targetState(note, before);
  const merged: RecordData = { ...original, ...data, ...(parts.content !== undefined ? { content: parts.content } : {}) };
  const flags = parts.flags ?? parseFlags(String(original.flags ?? '').replace(/^,|,$/g, ''));
  const columnId = Number(merged.columnId);
  if (!write.stepOnly) {
    checkArticleRules(merged, flags);
    if (data.columnId !== undefined && columnId !== Number(original.columnId)) await checkTargetColumn(ctx.trx, by, columnId, !by.permissions.has('article:saveAdmin'));
    await modelValues(ctx, note, columnId, 'update');
  }
  const hits = await detectSensitive(ctx.trx, { title: merged.title, summary: merged.summary, content: merged.content });
  if (after === 4 || after === 5 || after === 6) refuseBlocked(hits);
  if (!write.stepOnly) note.hits = hits;
  const values: RecordData = { ...data, status: after };
  if (parts.content !== undefined) values.content = parts.content;
  if (parts.flags) values.flags = storeFlags(flags);
  if (after === 4 && before !== 4) values.submitTime = ctx.now;
  if (after === 5 && !merged.publishTime) values.publishTime = ctx.now;
  if (write.step) values.lastOpinion = opinion;
  const action = write.action ?? 'edit';
  const actionName = write.actionName ?? (write.step ? ARTICLE_TRANSITIONS[write.step].label : '修改');
  // A plain update that only submits records just the submission; an edit with a submission records both.
  const edited = Object.keys(data).some((k) => k !== 'updateTime') || parts.content !== undefined || parts.flags !== undefined || (note.fieldValues ?? null) !== null;
  if (!submit) note.flows.push({ action, actionName, fromStatus: before, toStatus: after, opinion });
  else if (edited) note.flows.push({ action, actionName, fromStatus: before, toStatus: before, opinion });
  if (submit) note.flows.push({ action: 'submit', actionName: '提交审核', fromStatus: before, toStatus: 4 });
  note.change = changeOf(before, after);
  return values;
}

/** After the field rules: the article's rules, its state, the values the server sets. */
export async function articleBeforeChange({ operation, data, original, ctx }: EntityChangeArgs): Promise<RecordData> {
  const note = notes.get(ctx);
  if (!note && operation === 'create') return data;
  if (!note) {
    // The order only (articleSort, articleUp): the edit time stays.
    const { updateTime: _kept, ...values } = data;
    return values;
  }
  return operation === 'create' ? beforeCreate(data, ctx, note) : beforeUpdate(data, original ?? {}, ctx, note);
}

/** The stored article's history, model values and sensitive-word hits; what changed, for after the commit (null: nobody is told). */
export async function articleAfterChange(record: RecordData, ctx: EntityContext): Promise<ArticleChange | null> {
  const note = notes.get(ctx);
  if (!note) return seeds.has(ctx) ? null : 'changed';
  const articleId = Number(record.articleId);
  for (const flow of note.flows) await addFlow(ctx.trx, note.by, { articleId, ...flow });
  if (note.model && note.fieldValues) await saveFieldValues(ctx.trx, note.model, articleId, note.fieldValues);
  // A copy takes the source's model values when both columns have the same model.
  const sourceModel = note.source && note.model ? await modelOfColumn(ctx.trx, Number(note.source.columnId)) : undefined;
  if (note.source && note.model && sourceModel?.cmId === note.model.cmId) await saveFieldValues(ctx.trx, note.model, articleId, await readFieldValues(ctx.trx, sourceModel, Number(note.source.articleId)));
  if (note.hits && !note.write.copyOf) await recordSensitiveHits(ctx.trx, articleId, note.hits);
  return note.change;
}
