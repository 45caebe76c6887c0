import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResponseRecordCall } from '../../../resources/shape/responses.js';
import type { ResourceDecl } from '../../../resources/types.js';
import { dynamic, type Row } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../http/errors.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { bodyOf, queryOf, readId } from '../../http/params.js';
import { describeInput, ID, PAGING } from '../../http/routeInput.js';
import { PERSONAL_FIELDS } from '../../shared/mask.js';
import { pageOf } from '../../shared/paging.js';
import { revealOrMask } from '../../shared/sensitiveView.js';
import { readPaging } from '../listQuery.js';
import { answerTo, readQuestions, responsesOf, type ResponsesOf } from './questions.js';
import { declaredResults } from './results.js';

/**
 * The declared calls of `responses` (resources/shape/responses.ts; docs/extending.md "Session 27: 问卷"):
 * the results of a record, one response, a text question's answers. The record is read through the local API
 * in the caller's reach (1003 otherwise).
 */
export function registerResponseCalls(app: FastifyInstance, decl: ResourceDecl): void {
  const calls = decl.responses?.calls;
  // An api.alsoAt copy of the declaration (no extra calls of its own) does not register them again.
  if (!calls || !decl.api.extra) return;
  const of = responsesOf(decl);
  const pathOf = (name: string) => {
    const call = decl.api.extra?.[name];
    if (!call) throw new Error(`${decl.name}: responses call ${name} is not an api.extra entry`);
    return call.path;
  };
  const load = async (request: FastifyRequest, id: unknown): Promise<Row> => {
    const row = await app.entities.api(currentUser(request)).findById(decl.name, Number(id));
    if (!row) throw notFoundRecord();
    return row as Row;
  };
  const byId = { schema: describeInput({ either: { id: ID } }), attachValidation: true };
  const { results, record, texts } = calls;
  if (results) app.post(pathOf(results.call), { ...byId, config: { permission: results.permission } }, async (request) => {
    const found = await load(request, readId(request));
    return ok(await declaredResults(app.db, decl, found));
  });
  if (record) app.post(pathOf(record.call), { ...byId, config: { permission: record.permission ?? decl.permissions.get } }, async (request) => {
    const detail = await responseDetail(app, of, record, load, request);
    // Personal values in full only for 查看敏感信息 (logged).
    return ok(await revealOrMask(app.db, request, detail, PERSONAL_FIELDS, `${record.log} ${String(detail.id)}`));
  });
  if (texts) registerTexts(app, of, texts, pathOf(texts.call), load);
}

type Load = (request: FastifyRequest, id: unknown) => Promise<Row>;

/** One response with its answers, question by question (its `hidden` columns left out). */
async function responseDetail(app: FastifyInstance, of: ResponsesOf, call: ResponseRecordCall, load: Load, request: FastifyRequest) {
  const { records, answers: a } = of.r;
  const db = dynamic(app.db);
  const id = readId(request);
  const response = (await db.selectFrom(records.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!response) throw notFoundRecord();
  const parent = await load(request, response[records.key]);
  const questions = await readQuestions(app.db, of, Number(parent[of.decl.idField]));
  const answers = (await db.selectFrom(a.table).selectAll().where(a.record, '=', id).execute()) as Row[];
  const shown = Object.fromEntries(Object.entries(response).filter(([k]) => !records.hidden?.includes(k)));
  const answered = questions.map((q) => ({ [a.question]: q.id, ...Object.fromEntries(call.question.map((n) => [n, q[n]])), ...answerTo(of, q, answers) }));
  return { ...shown, [call.title]: parent[of.decl.titleField ?? 'title'], answers: answered };
}

/** A text question's answers, paged, newest response first, with the responses' declared fields. */
function registerTexts(app: FastifyInstance, of: ResponsesOf, call: { permission: string; fields: readonly string[] }, path: string, load: Load) {
  const { records, answers: a, type, questionTitle } = of.r;
  const db = dynamic(app.db);
  const schema = describeInput({ either: { id: ['integer', `${of.typeLabel(type.text)}题的${of.questions.label}ID`], ...PAGING } });
  app.post(path, { schema, attachValidation: true, config: { permission: call.permission } }, async (request) => {
    const questionId = readId(request);
    const question = (await db.selectFrom(of.questions.table).selectAll().where('id', '=', questionId).executeTakeFirst()) as Row | undefined;
    if (!question) throw notFoundRecord();
    await load(request, question[of.questions.key]);
    if (Number(question[type.field]) !== type.text) throw invalidValue(`该${of.questions.label}不是${of.typeLabel(type.text)}题`);
    const { pageNum, pageSize } = readPaging({ ...queryOf(request), ...bodyOf(request) });
    const base = db.selectFrom(`${a.table} as a`).innerJoin(`${records.table} as r`, 'r.id', `a.${a.record}`).where(`a.${a.question}`, '=', questionId).where(`a.${a.choice}`, 'is', null);
    const total = Number(((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as Row | undefined)?.n ?? 0);
    const list = await base
      .select(['a.id as id', `a.${a.record} as ${a.record}`, `a.${a.text} as ${a.text}`, ...call.fields.map((f) => `r.${f} as ${f}`)])
      .orderBy(`r.${records.time}`, 'desc')
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return ok({ ...pageOf(list as Row[], { pageNum, pageSize }, total), question: { id: questionId, [questionTitle]: question[questionTitle] } });
  });
}
