import type { FastifyRequest } from 'fastify';
import { exportColumns, exportRows } from '../../../crud/listExport.js';
import { readPaging } from '../../../crud/listQuery.js';
import { searchOf } from '../../../crud/routes.js';
import type { DynamicDb, Row } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readId } from '../../../http/params.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { PERSONAL_FIELDS } from '../../../shared/mask.js';
import { pageOf } from '../../../shared/paging.js';
import { asInt } from '../../../shared/routeHelpers.js';
import { revealOrMask } from '../../../shared/sensitiveView.js';
import type { SurveyContext } from './context.js';
import { surveyResultSheets } from './exportSheets.js';
import { answerTo, loadQuestions, surveyResults } from './service.js';

const surveyIdOf = (search: Record<string, unknown>) => search.surveyId ?? search.id;
const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Results, one answer record and text answers of one survey (the records' page is the declared `childPages`). */
export function surveyRecordRoutes(ctx: SurveyContext) {
  const { app, decl, load, inputs } = ctx;
  const perm = decl.permissions;
  const db = app.db;

  app.post('/survey/answerdetail', { config: { permission: 'survey:result' }, schema: inputs.id, attachValidation: true }, async (request) => {
    const survey = await load(request, readId(request));
    return ok(await surveyResults(db, survey));
  });

  app.post('/survey/record/get', { config: { permission: perm.get }, schema: inputs.id, attachValidation: true }, async (request) => {
    const detail: Row = await recordDetail(ctx, request, readId(request));
    // The respondent's phone in full only for 查看敏感信息 (logged).
    return ok(await revealOrMask(db, request, detail, PERSONAL_FIELDS, `问卷答卷 ${String(detail.id)}`));
  });

  app.post('/survey/text', { config: { permission: 'survey:result' }, schema: inputs.text, attachValidation: true }, async (request) => {
    const questionId = readId(request);
    const question = await db.selectFrom('survey_question').selectAll().where('id', '=', questionId).executeTakeFirst();
    if (!question) throw notFoundRecord();
    await load(request, question.surveyId);
    if (question.type !== 2) throw invalidValue('该题目不是文本题');
    const { pageNum, pageSize } = readPaging(searchOf(request));
    const base = db.selectFrom('survey_answer as a').innerJoin('survey_record as r', 'r.id', 'a.recordId').where('a.questionId', '=', questionId).where('a.optionId', 'is', null);
    const total = Number((await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    const list = await base
      .select(['a.id as id', 'a.recordId as recordId', 'a.content as content', 'r.createTime as createTime', 'r.name as name'])
      .orderBy('r.createTime', 'desc')
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return ok({ ...pageOf(list, { pageNum, pageSize }, total), question: { id: questionId, title: question.title } });
  });

  surveyExcelRoute(ctx);
}

/** One answer record with its answers, question by question. */
async function recordDetail({ app, load }: SurveyContext, request: FastifyRequest, recordId: number) {
  const db = app.db;
  const record = await db.selectFrom('survey_record').selectAll().where('id', '=', recordId).executeTakeFirst();
  if (!record) throw notFoundRecord();
  const survey = await load(request, record.surveyId); // scope check
  const questions = await loadQuestions(db, Number(survey.id));
  const answers = await db.selectFrom('survey_answer').selectAll().where('recordId', '=', recordId).execute();
  const { visitorToken: _token, ...shown } = record;
  void _token;
  return {
    ...shown,
    surveyTitle: survey.title,
    answers: questions.map((q) => ({ questionId: q.id, title: q.title, type: q.type, typeName: q.typeName, ...answerTo(q, answers) })),
  };
}

/** The list's export: the generic builder's columns (ID and title first, then the list's columns) and rows. */
const LIST_EXPORT = { fileName: '问卷列表', columns: [{ field: 'id', header: 'ID', width: 8 }, { field: 'title', width: 36 }] };

/** Excel: one survey's results and records (with surveyId/id), else the survey list. */
function surveyExcelRoute({ app, decl, load, inputs }: SurveyContext) {
  const db = app.db;
  app.post('/survey/survrveyExcel', { config: { permission: 'survey:export' }, schema: inputs.excel, attachValidation: true }, async (request, reply) => {
    const search = searchOf(request);
    const surveyIdRaw = surveyIdOf(search);
    if (given(surveyIdRaw)) {
      const survey = await load(request, asInt(surveyIdRaw, 'surveyId'));
      return sendWorkbook(reply, `问卷结果_${String(survey.title).slice(0, 40)}.xlsx`, await surveyResultSheets(db, survey));
    }
    const rows = await exportRows(db as unknown as DynamicDb, decl, currentUser(request), search);
    return sendWorkbook(reply, '问卷列表.xlsx', [{ name: '问卷列表', columns: exportColumns(decl, LIST_EXPORT), rows }]);
  });
}
