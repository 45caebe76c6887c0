import { defineBehaviour } from '../crud/entity/define.js';

/** 会员中心: the detail view counts the member's forum topics (themeCount). */
export default defineBehaviour({
  name: 'person',
  hooks: {
    afterGet: [
      async ({ record, ctx }) => {
        const row = (await ctx.trx
          .selectFrom('theme')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('peopleId', '=', record.puPeopleId)
          .executeTakeFirst()) as { n: number | string } | undefined;
        return { ...record, themeCount: Number(row?.n ?? 0) };
      },
    ],
  },
});
