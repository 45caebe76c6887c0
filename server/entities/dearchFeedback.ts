import { defineBehaviour } from '../crud/entity/define.js';
import type { Db, NewRow } from '../db/types.js';

/**
 * 问答反馈 (docs/interaction-forums.md "Q&A feedback round trip"): 补充答案 puts the visitor's question into
 * the knowledge base with staff's answer and handles the feedback with it. Both writes go through the local
 * API in the action's transaction, so the entry and the handled feedback exist together or not at all.
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
});

/** A visitor's rating of an answer (the public /questAnswer/assessDearchfeedback, captcha and guard checked); answers its id. */
export async function insertFeedback(db: Db, values: NewRow<'dearch_feedback'>): Promise<number> {
  const row = await db.insertInto('dearch_feedback').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}
