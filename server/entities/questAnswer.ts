import { defineBehaviour } from '../crud/entity/define.js';

/**
 * 问答管理 (docs/interaction-forums.md): 设为常见问题 marks the chosen entries common (isCommon 1, the
 * default) or unmarks them (0); the entries follow the public assistant's welcome message.
 */
export default defineBehaviour({
  name: 'questAnswer',
  actions: {
    commonAudit: async ({ records, body, ctx }) => {
      const isCommon = body.isCommon === undefined || body.isCommon === null || body.isCommon === '' ? 1 : Number(body.isCommon);
      for (const r of records) await ctx.api.update('questAnswer', Number(r.id), { isCommon });
      return records.length;
    },
  },
});
