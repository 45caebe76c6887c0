import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyScope, scopeRule } from '../../../auth/dataScope.js';
import { searchOf } from '../../../crud/routes.js';
import { getRecord, listRecords } from '../../../crud/service.js';
import { validateRecord } from '../../../crud/validate.js';
import type { NewRow, Row, RowOf, RowUpdate } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { bodyOf, param, readId, readIds, readSize } from '../../../http/params.js';
import { admitPublicSubmission, cleanPhone, cleanText, guardPublicSubmission } from '../../../public/guard.js';
import { applyFilters, readPaging } from '../../../crud/listQuery.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { asInt, asObject, atRoot} from '../../../shared/routeHelpers.js';
import { sendWorkbook } from '../../../shared/excel.js';
import { surveyResultSheets } from './exportSheets.js';
import { publicResultRoutes } from './publicResults.js';
import { answerRefusal, loadQuestions, notAllowed, parseQuestions, surveyResults, SURVEY_STATUS, writeQuestions } from './service.js';
import { increment } from '../../../shared/counters.js';
import { pageOf } from '../../../shared/paging.js';
import { maskPage, PERSONAL_FIELDS } from '../../../shared/mask.js';
import { revealOrMask } from '../../../shared/sensitiveView.js';
import { createdBy } from '../../../shared/records.js';

/** At most this many answer records per survey from one IP address (offices share addresses behind NAT). */
const MAX_RECORDS_PER_IP = Number(process.env.SURVEY_MAX_PER_IP) > 0 ? Number(process.env.SURVEY_MAX_PER_IP) : 50;
/** The site page that shows the open surveys and public results (generation/surveyPage.ts), rendered again after a change. */
const SURVEY_PAGES = ['survey'] as const;
const VISITOR_TOKEN_RE = /^[A-Za-z0-9_-]{16,64}$/;

const PUBLIC_FIELDS = ['id', 'title', 'description', 'startTime', 'endTime', 'anonymous', 'status', 'publicResult', 'recordCount', 'deptName', 'createTime'] as const;
const publicSurvey = (row: RowOf<'survey'>) => Object.fromEntries(PUBLIC_FIELDS.map((k) => [k, row[k] ?? null]));

/**
 * 问卷调查 (spec part 2 "Surveys"): admin calls under /survey/*, public calls under /web/survey/*.
 * Statuses 0 未开始 / 1 已开始 / 2 已暂停 / 3 已结束; transitions and the one-answer rule in
 * docs/interaction-forms.md.
 */
export const surveyRoutes = atRoot(async function surveyRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'survey');
  if (!decl) return;
  const perm = decl.permissions;
  // The declaration's table is fixed (resources/survey.ts: 'survey'): the typed handle.
  const db = app.db;

  const load = async (request: FastifyRequest, id: number) => getRecord(db, decl, currentUser(request), id);

  // ---- admin: list, detail, save, delete ----
  app.post('/survey/list', { config: { permission: perm.list } }, async (request) => ok(await listRecords(db, decl, currentUser(request), searchOf(request))));

  app.post('/survey/detail', { config: { permission: perm.get } }, async (request) => {
    const survey = await load(request, readId(request));
    return ok({ ...survey, questions: await loadQuestions(db, Number(survey.id)) });
  });

  const hasId = (request: FastifyRequest) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    return b && typeof b === 'object' && b.id !== undefined && b.id !== null && b.id !== '';
  };
  app.post('/survey/add', { config: { permission: (r) => (hasId(r) ? perm.update : perm.create), republish: SURVEY_PAGES } }, async (request) => {
    const body = bodyOf(request);
    const user = currentUser(request);
    const now = formatDateTime();
    if (!hasId(request)) {
      const values = validateRecord(decl, body, 'create');
      const questions = parseQuestions(body.questions);
      checkWindow(values.startTime, values.endTime);
      Object.assign(values, { status: 0, recordCount: 0, ...createdBy(user, now) });
      const saved = await app.db.transaction().execute(async (tx) => {
        // Checked by validateRecord against the declaration.
        const inserted = await tx.insertInto('survey').values(values as NewRow<'survey'>).returning('id').executeTakeFirstOrThrow();
        await writeQuestions(tx, inserted.id, questions);
        return tx.selectFrom('survey').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      });
      return ok({ ...saved, questions: await loadQuestions(db, saved.id) }, '新增成功');
    }
    const id = asInt(body.id, 'id');
    const existing = await load(request, id);
    const values = validateRecord(decl, body, 'update');
    const questions = body.questions === undefined ? null : parseQuestions(body.questions);
    checkWindow(values.startTime === undefined ? existing.startTime : values.startTime, values.endTime === undefined ? existing.endTime : values.endTime);
    if (questions && Number(existing.recordCount) > 0) throw notAllowed('问卷已有答卷，不能修改题目');
    if (questions && Number(existing.status) === 1) throw notAllowed('问卷进行中，请先暂停再修改题目');
    values.updateTime = now;
    await app.db.transaction().execute(async (tx) => {
      await tx.updateTable('survey').set(values as RowUpdate<'survey'>).where('id', '=', id).execute();
      if (questions) {
        // Re-checked inside the transaction: an answer may have arrived meanwhile.
        const n = await tx.selectFrom('survey_record').select('id').where('surveyId', '=', id).executeTakeFirst();
        if (n) throw notAllowed('问卷已有答卷，不能修改题目');
        await writeQuestions(tx, id, questions);
      }
    });
    const saved = await load(request, id);
    return ok({ ...saved, questions: await loadQuestions(db, id) }, '修改成功');
  });

  const removeSurveys = async (request: FastifyRequest, ids: number[]) => {
    const rule = await scopeRule(db, currentUser(request), decl);
    return db.transaction().execute(async (trx) => {
      const found = await applyScope(trx.selectFrom('survey').select(['id', 'status', 'title']).where('id', 'in', ids), rule).execute();
      if (found.length !== ids.length) throw notFoundRecord();
      const running = found.find((s) => s.status === 1);
      if (running) throw notAllowed(`问卷「${String(running.title)}」正在进行中，请先暂停或结束后再删除`);
      for (const table of ['survey_answer', 'survey_record', 'survey_option', 'survey_question'] as const) {
        await trx.deleteFrom(table).where('surveyId', 'in', ids).execute();
      }
      const r = await trx.deleteFrom('survey').where('id', 'in', ids).executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  };
  app.post('/survey/dels', { config: { permission: perm.delete, republish: SURVEY_PAGES } }, async (request) => ok(await removeSurveys(request, readIds(request)), '删除成功'));
  app.post('/survey/delete', { config: { permission: perm.delete, republish: SURVEY_PAGES } }, async (request) => ok(await removeSurveys(request, [readId(request)]), '删除成功'));

  // ---- transitions ----
  const readStatus = (request: FastifyRequest) => {
    const raw = param(request, 'status');
    if (raw === undefined || raw === null || raw === '') throw missingParam('status');
    return asInt(raw, '状态');
  };
  const setStatus = async (request: FastifyRequest, allowed: Record<number, number[]>, message: string) => {
    const id = readId(request);
    const status = readStatus(request);
    if (!(status in allowed)) throw invalidValue(message);
    const survey = await load(request, id);
    const from = Number(survey.status);
    if (!allowed[status]!.includes(from)) {
      throw notAllowed(`问卷当前状态为「${SURVEY_STATUS[from] ?? from}」，不能改为「${SURVEY_STATUS[status]}」`);
    }
    if (status === 1) {
      const questions = await loadQuestions(db, id);
      if (questions.length === 0) throw notAllowed('问卷没有题目，不能开始');
      if (survey.endTime && String(survey.endTime) < formatDateTime()) throw notAllowed('问卷结束时间已过，请先修改结束时间');
    }
    // Conditional update: a concurrent transition cannot be overwritten.
    const r = await db.updateTable('survey').set({ status, updateTime: formatDateTime() }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notAllowed();
    return ok(await load(request, id), '操作成功');
  };
  // open: 1 = start (from 未开始) or resume (from 已暂停); 2 = pause (from 已开始).
  app.post('/survey/open', { config: { permission: 'survey:open', republish: SURVEY_PAGES } }, (request) =>
    setStatus(request, { 1: [0, 2], 2: [1] }, '状态的值无效，可选值：1（开始/恢复）、2（暂停）'),
  );
  // examine: 3 = end (from 未开始, 已开始 or 已暂停; final); 0 = back to 未开始 from 已暂停 when nobody answered yet.
  app.post('/survey/examine', { config: { permission: 'survey:examine', republish: SURVEY_PAGES } }, async (request) => {
    if (readStatus(request) === 0) {
      const survey = await load(request, readId(request));
      if (Number(survey.recordCount) > 0) throw notAllowed('问卷已有答卷，不能退回未开始');
    }
    return setStatus(request, { 3: [0, 1, 2], 0: [2] }, '状态的值无效，可选值：3（结束）、0（退回未开始）');
  });

  // ---- results, records, text answers ----
  app.post('/survey/answerdetail', { config: { permission: 'survey:result' } }, async (request) => {
    const survey = await load(request, readId(request));
    return ok(await surveyResults(db, survey));
  });

  const recordSearch = async (request: FastifyRequest, search: Record<string, unknown>) => {
    const surveyIdRaw = search.surveyId ?? search.id;
    if (surveyIdRaw === undefined || surveyIdRaw === null || surveyIdRaw === '') throw missingParam('surveyId');
    const survey = await load(request, asInt(surveyIdRaw, 'surveyId'));
    let q = db.selectFrom('survey_record').where('surveyId', '=', Number(survey.id));
    if (typeof search.startTime === 'string' && search.startTime) q = q.where('createTime', '>=', search.startTime.length === 10 ? `${search.startTime} 00:00:00` : search.startTime);
    if (typeof search.endTime === 'string' && search.endTime) q = q.where('createTime', '<=', search.endTime.length === 10 ? `${search.endTime} 23:59:59` : search.endTime);
    if (typeof search.phone === 'string' && search.phone.trim()) q = q.where('phone', '=', search.phone.trim());
    return { survey, q };
  };
  app.post('/survey/record/list', { config: { permission: perm.list } }, async (request) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    const { q } = await recordSearch(request, search);
    const total = Number((await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    const list = await q
      .select(['id', 'surveyId', 'name', 'phone', 'ip', 'createTime'])
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return ok(maskPage(pageOf(list, { pageNum, pageSize }, total)));
  });

  const recordDetail = async (request: FastifyRequest, recordId: number) => {
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
      answers: questions.map((q) => {
        const mine = answers.filter((a) => a.questionId === q.id);
        const optionIds = mine.flatMap((a) => (a.optionId === null ? [] : [a.optionId]));
        return {
          questionId: q.id,
          title: q.title,
          type: q.type,
          typeName: q.typeName,
          optionIds,
          optionContents: q.options.filter((o) => optionIds.includes(o.id)).map((o) => o.content),
          text: mine.find((a) => a.optionId === null)?.content ?? null,
        };
      }),
    };
  };
  app.post('/survey/record/get', { config: { permission: perm.get } }, async (request) => {
    const detail: Row = await recordDetail(request, readId(request));
    // The respondent's phone in full only for 查看敏感信息 (logged).
    return ok(await revealOrMask(db, request, detail, PERSONAL_FIELDS, `问卷答卷 ${String(detail.id)}`));
  });

  app.post('/survey/text', { config: { permission: 'survey:result' } }, async (request) => {
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

  // ---- Excel: one survey's results and records (with surveyId/id), else the survey list ----
  app.post('/survey/survrveyExcel', { config: { permission: 'survey:export' } }, async (request, reply) => {
    const search = searchOf(request);
    const surveyIdRaw = search.surveyId ?? search.id;
    if (surveyIdRaw !== undefined && surveyIdRaw !== null && surveyIdRaw !== '') {
      const survey = await load(request, asInt(surveyIdRaw, 'surveyId'));
      return sendWorkbook(reply, `问卷结果_${String(survey.title).slice(0, 40)}.xlsx`, await surveyResultSheets(db, survey));
    }
    const rule = await scopeRule(db, currentUser(request), decl);
    const rows = await applyScope(applyFilters(db.selectFrom('survey').selectAll(), decl, search), rule).orderBy('createTime', 'desc').limit(10_000).execute();
    return sendWorkbook(reply, '问卷列表.xlsx', [
      {
        name: '问卷列表',
        columns: [
          { header: 'ID', key: 'id', map: Number, width: 8 },
          { header: '问卷标题', key: 'title', width: 36 },
          { header: '状态', key: 'status', map: (v) => SURVEY_STATUS[Number(v)] ?? '' },
          { header: '答卷方式', key: 'anonymous', map: (v) => (Number(v) === 1 ? '匿名' : '需填写联系方式') },
          { header: '开始时间', key: 'startTime', width: 20 },
          { header: '结束时间', key: 'endTime', width: 20 },
          { header: '答卷数', key: 'recordCount', map: (v) => Number(v ?? 0), width: 10 },
          { header: '所属部门', key: 'deptName', width: 18 },
          { header: '创建时间', key: 'createTime', width: 20 },
        ],
        rows,
      },
    ]);
  });

  // ---- public ----
  const publicLoad = async (id: number) => {
    const survey = await db.selectFrom('survey').selectAll().where('id', '=', id).executeTakeFirst();
    // A survey nobody started is not public yet (a missing status counts as 0).
    if (!survey || (survey.status ?? 0) === 0) throw notFoundRecord();
    return survey;
  };
  app.post('/web/survey/find', { config: { public: true } }, async (request) => {
    const survey = await publicLoad(readId(request));
    return ok({ ...publicSurvey(survey), accepting: answerRefusal(survey) === null, questions: await loadQuestions(db, survey.id) });
  });

  publicResultRoutes(app, publicSurvey);

  app.post('/web/survey/list', { config: { public: true } }, async (request) => {
    const search = searchOf(request);
    const { pageNum, pageSize } = readPaging(search);
    let q = db.selectFrom('survey').where('status', '=', 1);
    if (typeof search.title === 'string' && search.title.trim()) {
      q = applyFilters(q, { ...decl, list: { ...decl.list, filters: [{ field: 'title', op: 'like' }] } }, { title: search.title });
    }
    const total = Number((await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    const list = (await q.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute()).map(publicSurvey);
    return ok(pageOf(list, { pageNum, pageSize }, total));
  });

  app.post('/web/survey/top', { config: { public: true } }, async (request) => {
    const size = readSize(request, 'size', 5, 50, true);
    const list = (await db.selectFrom('survey').selectAll().where('status', '=', 1).orderBy('createTime', 'desc').orderBy('id', 'desc').limit(size).execute()).map(publicSurvey);
    return ok(list);
  });

  app.post('/web/survey/save', { config: { public: true } }, async (request) => {
    await admitPublicSubmission(app, request); // the flood gate before the reads below
    const body = bodyOf(request);
    const surveyIdRaw = body.surveyId ?? body.id;
    if (surveyIdRaw === undefined || surveyIdRaw === null || surveyIdRaw === '') throw missingParam('surveyId');
    const surveyId = asInt(surveyIdRaw, 'surveyId');
    const visitorToken = typeof body.visitorToken === 'string' ? body.visitorToken.trim() : '';
    if (!visitorToken) throw missingParam('visitorToken');
    if (!VISITOR_TOKEN_RE.test(visitorToken)) throw invalidValue('visitorToken格式不正确');
    const survey = await publicLoad(surveyId);
    const refusal = answerRefusal(survey);
    if (refusal) throw notAllowed(refusal);

    // Contact details: required unless the survey is anonymous.
    const anonymous = survey.anonymous === 1;
    const name = cleanText(body.name, { label: '姓名', max: 50, required: !anonymous });
    const phone = cleanPhone(body.phone, '联系电话', { required: !anonymous });

    // Answers: every required question answered, options belong to their question.
    const questions = await loadQuestions(db, surveyId);
    if (!Array.isArray(body.answers)) throw missingParam('answers');
    const given = new Map<number, { optionIds: number[]; text: string }>();
    for (const item of body.answers as unknown[]) {
      const a = asObject(item, '答案');
      const questionId = asInt(a.questionId, 'questionId');
      const question = questions.find((q) => q.id === questionId);
      if (!question) throw invalidValue('答案中的题目不属于该问卷');
      if (given.has(questionId)) throw invalidValue(`题目「${question.title}」重复作答`);
      const rawIds = a.optionIds ?? (a.optionId !== undefined && a.optionId !== null && a.optionId !== '' ? [a.optionId] : []);
      if (!Array.isArray(rawIds)) throw invalidValue('optionIds格式不正确');
      const optionIds = [...new Set(rawIds.map((v) => asInt(v, 'optionId')))];
      let text = '';
      if (question.type === 2) {
        if (optionIds.length) throw invalidValue(`题目「${question.title}」是文本题`);
        text = cleanText(a.text ?? a.content, { label: `「${question.title}」的回答`, max: 2000, multiline: true });
      } else {
        if (optionIds.some((id) => !question.options.some((o) => o.id === id))) throw invalidValue(`题目「${question.title}」的选项无效`);
        if (question.type === 0 && optionIds.length > 1) throw invalidValue(`题目「${question.title}」是单选题，只能选一项`);
      }
      if (optionIds.length || text) given.set(questionId, { optionIds, text });
    }
    const missing = questions.find((q) => q.required === 1 && !given.has(q.id));
    if (missing) throw invalidValue(`请回答必答题「${missing.title}」`);
    if (given.size === 0) throw invalidValue('请至少回答一道题目');

    // One answer per visitor: the client-kept token, the phone when asked for, a cap per IP.
    const ip = (request.ip || 'unknown').slice(0, 64);
    const duplicate = () => notAllowed('您已提交过该问卷，请勿重复提交');
    const seen = async () => {
      if (await db.selectFrom('survey_record').select('id').where('surveyId', '=', surveyId).where('visitorToken', '=', visitorToken).executeTakeFirst()) throw duplicate();
      if (phone && (await db.selectFrom('survey_record').select('id').where('surveyId', '=', surveyId).where('phone', '=', phone).executeTakeFirst())) throw duplicate();
      const perIp = await db.selectFrom('survey_record').select((eb) => eb.fn.countAll<number | string>().as('n')).where('surveyId', '=', surveyId).where('ip', '=', ip).executeTakeFirst();
      if (Number(perIp?.n ?? 0) >= MAX_RECORDS_PER_IP) throw notAllowed('该网络地址提交的答卷已达上限');
    };
    await seen();

    await guardPublicSubmission(app, request, 'survey', { captcha: true });

    const now = formatDateTime();
    try {
      const recordId = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('survey_record')
          .values({ surveyId, visitorToken, ip, name: name || null, phone: phone || null, createTime: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const rows: NewRow<'survey_answer'>[] = [];
        for (const [questionId, a] of given) {
          if (a.optionIds.length) for (const optionId of a.optionIds) rows.push({ recordId: inserted.id, surveyId, questionId, optionId, content: null });
          else rows.push({ recordId: inserted.id, surveyId, questionId, optionId: null, content: a.text });
        }
        await trx.insertInto('survey_answer').values(rows).execute();
        await increment(trx, 'survey', 'recordCount', { column: 'id', keys: surveyId });
        return inserted.id;
      });
      return ok({ recordId }, '提交成功，感谢您的参与');
    } catch (error) {
      // The unique index on (surveyId, visitorToken) catches a concurrent second answer.
      const text = String((error as { message?: string; code?: string }).code ?? '') + String((error as Error).message ?? '');
      if (/UNIQUE|23505/i.test(text)) throw duplicate();
      throw error;
    }
  });
});

function checkWindow(start: unknown, end: unknown) {
  if (typeof start === 'string' && typeof end === 'string' && start && end && start >= end) throw invalidValue('结束时间必须晚于开始时间');
}
