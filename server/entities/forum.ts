import { Refusal } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';

/** 论坛: a forum with plates cannot go (论坛 → 版块 → 主题; docs/interaction-forums.md). */
export default defineBehaviour({
  name: 'forum',
  hooks: {
    beforeDelete: [
      async ({ records, ctx }) => {
        const ids = records.map((r) => Number(r.id));
        if ((await ctx.api.asSystem().find('plate', { where: { forumId: ids }, limit: 1 })).length) throw new Refusal(1005, '论坛下还有版块，请先删除版块');
      },
    ],
  },
});
