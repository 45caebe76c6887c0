import { seedApi, seedOne } from '../../../crud/entity/seed.js';
import type { Db } from '../../../db/types.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { formatDateTime } from '../../../util/time.js';

const DAY = 24 * 3600_000;

/**
 * Demo citizens of the member center, one per state staff meet (docs/interaction-forums.md): a new
 * registration without real-name data, one waiting for the audit, one passed (she posted a 领导留言) and
 * one refused and then frozen. Answers their ids and phones for the theme seed.
 */
export async function peopleDemoSeed(db: Db, ctx: SeedContext): Promise<{ puPeopleId: number; phone: string }[]> {
  const now = new Date(ctx.now.replace(' ', 'T'));
  const at = (days: number) => formatDateTime(new Date(now.getTime() - days * DAY));
  const people = [
    { phone: '13757803120', name: null, idNumber: null, userStatus: 0, authStatus: 'WAIT', state: 0, readState: 0, created: 1 },
    {
      phone: '13757803121', name: '何文静', idNumber: '331127199207081535', idCardImage: '/upload/demo/idcard-hewenjing.jpg',
      userStatus: 1, authStatus: 'WAIT', state: 0, readState: 0, created: 3,
    },
    {
      phone: '13757803104', name: '郑丽娟', idNumber: '331127198803150424', idCardImage: '/upload/demo/idcard-zhenglijuan.jpg',
      userStatus: 2, authStatus: 'SUCCESS', auditRemark: '证件信息与公安核验一致', state: 0, readState: 1, created: 80,
    },
    {
      phone: '13757803122', name: '钱志明', idNumber: '331127197502260019', idCardImage: '/upload/demo/idcard-blurred.jpg',
      userStatus: 3, authStatus: 'FAIL', auditRemark: '证件照片模糊，无法辨认，请重新上传', state: 1, banRemark: '多次发布广告信息', readState: 1, created: 40,
    },
  ];
  const out: { puPeopleId: number; phone: string }[] = [];
  const api = seedApi(db, ctx.decls);
  for (const p of people) {
    const { created, ...values } = p;
    const time = at(created);
    const row = await seedOne(api, 'person', {
      ...values,
      authType: 0,
      auditTime: p.userStatus >= 2 ? at(created - 1) : null,
      lastLoginTime: time,
      createTime: time,
      updateTime: time,
    });
    out.push({ puPeopleId: Number(row.puPeopleId), phone: p.phone });
  }
  return out;
}
