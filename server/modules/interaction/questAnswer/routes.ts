import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { bodyOf, param, readIdList, readSize } from '../../../http/params.js';
import { cleanText, guardPublicSubmission } from '../../../public/guard.js';
import { formatDateTime } from '../../../util/time.js';
import { badState } from '../../../shared/records.js';
import { rank } from './similarity.js';
import { increment } from '../../../shared/counters.js';
import { CAPTCHA, describeInput, ID, IDS, NO_INPUT, type InputFields } from '../../../http/routeInput.js';
import { insertFeedback } from '../../../entities/dearchFeedback.js';

/** The knowledge base is read whole for a lookup; a county's Q&A base holds hundreds of entries. */
const MAX_ENTRIES = 5000;

export const WELCOME_MESSAGE = '您好，我是云溪县人民政府门户网站智能问答助手。请输入您想咨询的问题，例如“如何办理居住证”，我会为您查找最相近的解答。';

/** /questAnswer/* beyond the generic CRUD of questAnswer and dearchFeedback (spec part 2 "Question-and-answer"). */
const QUEST: InputFields = { quest: ['string', '问题，不超过200个字符'], size: ['integer', '相近问题的条数（必填），1–50'] };
const INPUT = {
  like: describeInput({ query: QUEST }),
  likeDetail: describeInput({ query: { ...QUEST, index: ['integer', '相近问题中的第几条，从0开始'] } }),
  common: describeInput({ either: { size: ['integer', '条数，默认10，最多50'] } }),
  none: NO_INPUT,
  commonAudit: describeInput({ body: { isCommon: ['integer', '常见问题：1（是，默认）、0（否）'] }, either: { ids: IDS, id: ID } }),
  ids: describeInput({ either: { ids: IDS, id: ID } }),
  assess: describeInput({
    body: {
      satisfied: ['integer', '满意度：1（满意）、2（不满意）'],
      questAnswerId: ['integer', '被评价的问答ID'],
      quest: ['string', '问题（无问答ID时必填），不超过200个字符'],
      content: ['string', '反馈内容，不超过1000个字符'],
    },
    either: CAPTCHA,
  }),
};

const enabled = async (db: FastifyInstance['db']) =>
  (await db.selectFrom('quest_answer').select(['id', 'quest', 'answer', 'keywords', 'hitCount']).where('status', '=', 1).orderBy('id', 'asc').limit(MAX_ENTRIES).execute()).map(
    (r) => ({ id: r.id, quest: String(r.quest ?? ''), answer: String(r.answer ?? ''), keywords: (r.keywords as string | null) ?? null, hitCount: Number(r.hitCount ?? 0) }),
  );

const readQuest = (request: FastifyRequest) => {
  const raw = param(request, 'quest');
  if (raw === undefined || raw === null || String(raw).trim() === '') throw missingParam('问题');
  return cleanText(raw, { label: 'quest', max: 200, required: true });
};

/** /questAnswer/* beyond the generic CRUD of questAnswer and dearchFeedback (spec part 2 "Question-and-answer"). */
export async function questAnswerRoutes(app: FastifyInstance) {
  questLookupRoutes(app);
  questAuditRoutes(app);
  questFeedbackRoute(app);
}

/** The public assistant: similar questions, one answer, the common questions, the welcome. */
function questLookupRoutes(app: FastifyInstance) {
  const db = app.db;
  // Similar questions, best first: [{ id, quest, score }].
  app.get('/questAnswer/getqusetLikeDetail', { config: { public: true }, schema: INPUT.like, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 5, 50, true);
    const quest = readQuest(request);
    const ranked = rank(quest, await enabled(db));
    return ok(ranked.slice(0, size).map((e) => ({ id: e.id, quest: e.quest, score: e.score })));
  });
  // The `index`-th (from 0) of the similar questions with its answer; counts a hit.
  app.get('/questAnswer/queryQusetLikeDetail', { config: { public: true }, schema: INPUT.likeDetail, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 5, 50, true);
    const quest = readQuest(request);
    const rawIndex = param(request, 'index');
    if (rawIndex === undefined || rawIndex === null || rawIndex === '') throw missingParam('index');
    const index = Number(rawIndex);
    if (!Number.isInteger(index) || index < 0) throw invalidValue('参数格式不正确：index');
    const ranked = rank(quest, await enabled(db)).slice(0, size);
    const hit = ranked[index];
    if (!hit) throw notFoundRecord();
    await increment(db, 'quest_answer', 'hitCount', { column: 'id', keys: hit.id });
    return ok({ id: hit.id, quest: hit.quest, answer: hit.answer, score: hit.score, list: ranked.map((e) => ({ id: e.id, quest: e.quest, score: e.score })) });
  });
  app.post('/questAnswer/commonList', { config: { public: true }, schema: INPUT.common, attachValidation: true }, async (request) => {
    const size = readSize(request, 'size', 10, 50);
    return ok(
      await db
        .selectFrom('quest_answer')
        .select(['id', 'quest', 'answer'])
        .where('status', '=', 1)
        .where('isCommon', '=', 1)
        .orderBy('sort', 'asc')
        .orderBy('hitCount', 'desc')
        .orderBy('id', 'asc')
        .limit(size)
        .execute(),
    );
  });
  app.post('/questAnswer/getWelcomeMessage', { config: { public: true }, schema: INPUT.none, attachValidation: true }, async () => {
    const common = await db.selectFrom('quest_answer').select(['id', 'quest']).where('status', '=', 1).where('isCommon', '=', 1).orderBy('sort', 'asc').orderBy('hitCount', 'desc').limit(5).execute();
    return ok({ message: WELCOME_MESSAGE, commonList: common });
  });

}

/** Staff: mark common questions, handle feedback. */
function questAuditRoutes(app: FastifyInstance) {
  // Mark (isCommon 1, default) or unmark (isCommon 0) entries as common questions.
  app.post('/questAnswer/commonAudit', { config: { permission: 'questAnswer:common' }, schema: INPUT.commonAudit, attachValidation: true }, async (request) => {
    const ids = readIdList(request);
    const body = bodyOf(request);
    const isCommon = body.isCommon === undefined || body.isCommon === '' ? 1 : Number(body.isCommon);
    if (isCommon !== 0 && isCommon !== 1) throw invalidValue('常见问题的值无效，可选值：0（否）、1（是）');
    // Through the local API (as the system: the permission is the whole check, as before), in one transaction.
    await app.entities.transaction(undefined, async (api) => {
      if ((await api.find('questAnswer', { where: { id: ids } })).length !== ids.length) throw notFoundRecord();
      for (const id of ids) await api.update('questAnswer', id, { isCommon });
    });
    return ok(ids.length, '操作成功');
  });
  // Feedback handled by staff (auditState 0 → 1); handling twice is refused.
  app.post('/questAnswer/satisfiedAudit', { config: { permission: 'dearchFeedback:audit' }, schema: INPUT.ids, attachValidation: true }, async (request) => {
    const ids = readIdList(request);
    await app.entities.transaction(undefined, async (api) => {
      const rows = await api.find('dearchFeedback', { where: { id: ids } });
      if (rows.length !== ids.length) throw notFoundRecord();
      if (rows.some((r) => Number(r.auditState) === 1)) throw badState('所选反馈中有已处理的记录');
      for (const id of ids) await api.update('dearchFeedback', id, { auditState: 1 });
    });
    return ok(ids.length, '处理成功');
  });
}

function questFeedbackRoute(app: FastifyInstance) {
  const db = app.db;
  // A visitor rates an answer (satisfied 1 满意 / 2 不满意) and may say why: a public submission like any
  // other, so rate-limited per IP and captcha-checked (verifyCode + codeId).
  app.post('/questAnswer/assessDearchfeedback', { config: { public: true }, schema: INPUT.assess, attachValidation: true }, async (request) => {
    await guardPublicSubmission(app, request, 'qaAssess');
    const body = bodyOf(request);
    const satisfied = Number(body.satisfied);
    if (body.satisfied === undefined || body.satisfied === null || body.satisfied === '') throw missingParam('satisfied');
    if (satisfied !== 1 && satisfied !== 2) throw invalidValue('满意度的值无效，可选值：1（满意）、2（不满意）');
    let questAnswerId: number | null = null;
    let quest = cleanText(body.quest, { label: 'quest', max: 200 });
    if (body.questAnswerId !== undefined && body.questAnswerId !== null && body.questAnswerId !== '') {
      questAnswerId = Number(body.questAnswerId);
      if (!Number.isSafeInteger(questAnswerId) || questAnswerId <= 0) throw invalidValue('参数格式不正确：questAnswerId');
      const qa = (await db.selectFrom('quest_answer').select(['quest']).where('id', '=', questAnswerId).executeTakeFirst()) as { quest: string } | undefined;
      if (!qa) throw notFoundRecord();
      if (!quest) quest = qa.quest;
    }
    if (!quest) throw missingParam('问题');
    const content = cleanText(body.content, { label: '反馈内容', max: 1000, multiline: true });
    const now = formatDateTime();
    const id = await insertFeedback(db, { questAnswerId, quest, content, satisfied, auditState: 0, ip: (request.ip || '').slice(0, 64), createTime: now, updateTime: now });
    return ok({ id }, '感谢您的评价');
  });
}
