import { defineBehaviour } from '../crud/entity/define.js';
import { invalidValue, missingParam, notFoundRecord } from '../http/errors.js';
import { cleanText } from '../public/guard.js';

/** What a visitor's rating says (the public op `assess`): 1 满意 / 2 不满意, the entry, the question, why. */
async function assessValues(body: Record<string, unknown>, findEntry: (id: number) => Promise<Record<string, unknown> | undefined>) {
  const satisfied = Number(body.satisfied);
  if (body.satisfied === undefined || body.satisfied === null || body.satisfied === '') throw missingParam('satisfied');
  if (satisfied !== 1 && satisfied !== 2) throw invalidValue('满意度的值无效，可选值：1（满意）、2（不满意）');
  let questAnswerId: number | null = null;
  let quest = cleanText(body.quest, { label: 'quest', max: 200 });
  if (body.questAnswerId !== undefined && body.questAnswerId !== null && body.questAnswerId !== '') {
    questAnswerId = Number(body.questAnswerId);
    if (!Number.isSafeInteger(questAnswerId) || questAnswerId <= 0) throw invalidValue('参数格式不正确：questAnswerId');
    const entry = await findEntry(questAnswerId);
    if (!entry) throw notFoundRecord();
    if (!quest) quest = String(entry.quest);
  }
  if (!quest) throw missingParam('问题');
  return { questAnswerId, quest, satisfied, content: cleanText(body.content, { label: '反馈内容', max: 1000, multiline: true }) };
}

/**
 * 问答反馈 (docs/interaction-forums.md "Q&A feedback round trip"): a visitor rates an answer (the public op
 * `assess`: image code, per-address limits of 'qaAssess'); staff handle feedback once (处理, a declared `sets`) or answer the
 * question into the knowledge base (补充答案): the entry and the handled feedback are written through the
 * local API in the action's transaction, so they exist together or not at all.
 */
export default defineBehaviour({
  name: 'dearchFeedback',
  actions: {
    answer: async ({ records, body, ctx }) => {
      const feedback = records[0];
      if (!feedback) return null; // a row action always names one record (read in scope, else 1003)
      const entry = await ctx.api.create('questAnswer', {
        quest: feedback.quest,
        answer: body.answer,
        keywords: body.keywords ?? null,
        isCommon: body.isCommon ?? 0,
        status: 1,
      });
      await ctx.api.update('dearchFeedback', Number(feedback.id), { auditState: 1, reply: body.answer, questAnswerId: entry.id });
      return { questAnswerId: entry.id };
    },
  },
  publicOps: {
    assess: {
      check: ({ body, api }) => assessValues(body, (id) => api.findById('questAnswer', id)),
      run: async ({ values, ip, ctx }) => ({ id: (await ctx.api.create('dearchFeedback', { ...values, auditState: 0, ip })).id }),
    },
  },
});
