import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope.js';
import { invalidValue, missingParam, notFoundRecord } from '../../../http/errors.js';
import { param, readSize } from '../../../http/params.js';
import { cleanText } from '../../../public/guard.js';
import { rank } from './similarity.js';
import { increment } from '../../../shared/counters.js';
import { describeInput, NO_INPUT, type InputFields } from '../../../http/routeInput.js';

/** The knowledge base is read whole for a lookup; a county's Q&A base holds hundreds of entries. */
const MAX_ENTRIES = 5000;

export const WELCOME_MESSAGE = '您好，我是云溪县人民政府门户网站智能问答助手。请输入您想咨询的问题，例如“如何办理居住证”，我会为您查找最相近的解答。';

const QUEST: InputFields = { quest: ['string', '问题，不超过200个字符'], size: ['integer', '相近问题的条数（必填），1–50'] };
const INPUT = {
  like: describeInput({ query: QUEST }),
  likeDetail: describeInput({ query: { ...QUEST, index: ['integer', '相近问题中的第几条，从0开始'] } }),
  none: NO_INPUT,
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

/**
 * /questAnswer/* beyond the declared calls of questAnswer and dearchFeedback (spec part 2 "Question-and-answer"):
 * CRUD, 设为常见问题, 处理, the visitor's rating and the common questions are generic.
 */
export async function questAnswerRoutes(app: FastifyInstance) {
  questLookupRoutes(app);
}

/** The public assistant: similar questions, one answer, the welcome (the common questions are a declared public read). */
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
  app.post('/questAnswer/getWelcomeMessage', { config: { public: true }, schema: INPUT.none, attachValidation: true }, async () => {
    const common = await db.selectFrom('quest_answer').select(['id', 'quest']).where('status', '=', 1).where('isCommon', '=', 1).orderBy('sort', 'asc').orderBy('hitCount', 'desc').limit(5).execute();
    return ok({ message: WELCOME_MESSAGE, commonList: common });
  });

}
