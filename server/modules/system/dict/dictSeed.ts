import type { Db } from '../../../db/types.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { DICT_TABLE } from './dictService.js';

/** Groups a county portal uses from the first day; staff edit them under 系统设置 → 数据字典. */
export const DICT_SEED: { dictKey: string; name: string; entries: [key: string, name: string][] }[] = [
  { dictKey: 'articleSource', name: '文章来源', entries: [['county', '云溪县人民政府'], ['office', '县政府办公室'], ['xinhua', '新华社'], ['media', '云溪融媒体中心'], ['other', '其他']] },
  { dictKey: 'openType', name: '公开类型', entries: [['active', '主动公开'], ['apply', '依申请公开'], ['none', '不予公开']] },
  { dictKey: 'letterType', name: '信件类型', entries: [['consult', '咨询'], ['complaint', '投诉'], ['suggest', '建议'], ['report', '举报'], ['praise', '表扬']] },
  { dictKey: 'sex', name: '性别', entries: [['1', '男'], ['2', '女']] },
  // The spec names the codes only; the labels are placeholders staff can rename.
  { dictKey: 'userType', name: '用户类型', entries: [['zks', '政务公开专员'], ['yg', '员工'], ['xj', '乡镇（街道）用户'], ['dz', '党组织用户']] },
  { dictKey: 'deptType', name: '部门类型', entries: [['0', '区域'], ['1', '检察院'], ['2', '妇联']] },
];

export async function seedDictionary(db: Db, context: Pick<SeedContext, 'now'>): Promise<void> {
  for (const [gi, group] of DICT_SEED.entries()) {
    const exists = await db.selectFrom(DICT_TABLE).select('id').where('dictKey', '=', group.dictKey).where('parentId', '=', 0).executeTakeFirst();
    if (exists) continue;
    const g = (await db
      .insertInto(DICT_TABLE)
      .values({ dictKey: group.dictKey, key: group.dictKey, name: group.name, value: group.dictKey, state: 1, parentId: 0, sort: gi + 1, createTime: context.now, updateTime: context.now })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    for (const [i, [key, name]] of group.entries.entries()) {
      await db
        .insertInto(DICT_TABLE)
        .values({ dictKey: group.dictKey, key, name, value: key, state: 1, parentId: g.id, sort: i + 1, createTime: context.now, updateTime: context.now })
        .execute();
    }
  }
}
