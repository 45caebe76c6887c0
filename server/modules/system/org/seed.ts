import { randomPassword } from '../../../auth/password.js';
import { seedApi } from '../../../crud/entity/seed.js';
import type { Db } from '../../../db/types.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';

/** Staff without a login role yet, so the user screen shows a realistic list across the tree. */
const STAFF: { username: string; name: string; dept: string; mobile: string; sex: number; positionName: string }[] = [
  { username: 'zhangwei', name: '张伟', dept: '县政府办公室信息科', mobile: '13800000011', sex: 1, positionName: '科长' },
  { username: 'liuchang', name: '刘畅', dept: '县大数据中心', mobile: '13800000012', sex: 1, positionName: '工程师' },
  { username: 'wangfang', name: '王芳', dept: '县实验小学', mobile: '13800000013', sex: 2, positionName: '办公室主任' },
  { username: 'zhaolei', name: '赵磊', dept: '县人民医院', mobile: '13800000014', sex: 1, positionName: '宣传干事' },
  { username: 'sunli', name: '孙丽', dept: '青石镇便民服务中心', mobile: '13800000015', sex: 2, positionName: '主任' },
  { username: 'zhoujie', name: '周杰', dept: '县农业农村局', mobile: '13800000016', sex: 1, positionName: '信息员' },
  { username: 'wuxia', name: '吴霞', dept: '白沙镇', mobile: '13800000017', sex: 2, positionName: '党政办干事' },
];

/** Department phones and a few more staff accounts (the departments' times are stamped at their creation). */
export async function orgDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const api = seedApi(db, ctx.decls);
  // Their phones through the local API (the tree rules run), read first as the update is per record.
  let i = 0;
  for (const id of ctx.deptIds.values()) {
    const phone = `0571-8800${String(100 + i++).padStart(4, '0')}`;
    const bare = await db.selectFrom('departments').select('id').where('id', '=', id).where('phone', 'is', null).executeTakeFirst();
    if (bare) await api.update('department', id, { phone });
  }
  // Their passwords are random (the user hooks hash it and ask for a change at the first login): an
  // administrator resets one before the person first logs in.
  const password = randomPassword(16);
  const rows = STAFF.flatMap(({ dept, ...rest }) => {
    const deptId = ctx.deptIds.get(dept);
    return deptId ? [{ ...rest, password, deptId, userType: 0, status: 1, createTime: ctx.now, updateTime: ctx.now }] : [];
  });
  await api.seed('user', rows);
}
