import { MAIL_PERMISSIONS as P, MAIL_STAGE as S } from '../../../../resources/mail.js';
import { NOTICE_PERMISSIONS } from '../../../../resources/notice.js';
import { hashPassword } from '../../../auth/password.js';
import { storePassword } from '../../../entities/user.js';
import { DEMO_PASSWORD } from '../../../seed/firstStart.js';
import { seedApi, seedOne } from '../../../crud/entity/seed.js';
import type { LocalApi } from '../../../crud/entity/types.js';
import type { Db } from '../../../db/types.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { grantAliases } from '../../../seed/menuSync.js';
import { newQueryCode } from '../../../public/guard.js';

export const MAIL_OFFICER_ROLE = 'mailOfficer';
/** Demo department officer of 县教育局 who answers the letters transferred to it (password: the demo one). */
export const MAIL_OFFICER_USER = { username: 'jiaoyu', name: '刘洋', dept: '县教育局', mobile: '13800000021' };

/**
 * Demo data of the leader mailbox and notices: the 信件办理员 role (DEPART scope: letters transferred to
 * the officer's department; reply and return), its 县教育局 officer, the 我的通知 key for every demo role,
 * and a few letters in different stages.
 */
export async function mailDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const roleRow = await seedOne(seedApi(db, ctx.decls), 'role', { name: '信件办理员', roleAlias: MAIL_OFFICER_ROLE, description: '办理转办到本部门的领导信箱信件', enabled: 1, dingAppKey: 'adminSite', dataScope: 'DEPART', createTime: ctx.now });
  const officerRole = Number(roleRow.roleId);
  await grantAliases(db, officerRole, ['home', 'interact', 'mail', P.list, P.get, P.deptList, P.reply, P.returnMail, NOTICE_PERMISSIONS.my]);
  // Every demo role reads the notices addressed to it.
  for (const roleId of ctx.roleIds.values()) await grantAliases(db, roleId, [NOTICE_PERMISSIONS.my]);

  const deptId = ctx.deptIds.get(MAIL_OFFICER_USER.dept);
  if (deptId === undefined) return;
  // Through the local API (the account's checks, its role as the declared link); the documented demo
  // password is then stored as the account's own (the user's store: no change asked at the first login).
  const officer = await seedOne(seedApi(db, ctx.decls), 'user', {
    username: MAIL_OFFICER_USER.username, name: MAIL_OFFICER_USER.name, mobile: MAIL_OFFICER_USER.mobile, password: DEMO_PASSWORD,
    deptId, userType: 0, status: 1, roleIds: [officerRole], createTime: ctx.now, updateTime: ctx.now,
  });
  await storePassword(db, Number(officer.userId), await hashPassword(DEMO_PASSWORD), 0, ctx.now);

  const base = { source: 1, status: 0, publicFlag: 0, isPublic: 1, satisfaction: 0, rkFlag: 0, receivedAt: ctx.now, createTime: ctx.now, updateTime: ctx.now };
  const letters = [
    { title: '关于青石镇中学校车接送时间的咨询', content: '孩子在青石镇中学上学，想了解冬季校车的接送时间是否调整。', type: 1, boxType: 2, name: '王先生', phone: '13900000001', stage: S.PENDING },
    { title: '建议在白沙镇增设公交站点', content: '白沙镇新建小区居民较多，建议在小区门口增设公交站点，方便出行。', type: 3, boxType: 1, name: '李女士', phone: '13900000002', stage: S.ACCEPTED },
  ];
  // Through the local API: the letter's checks run; as demo data (ctx.seed) each keeps its stage and dates.
  const api = seedApi(db, ctx.decls);
  await api.seed('mail', letters.map((l) => ({ ...base, ...l, queryCode: newQueryCode() })));
  await publishedDemoLetters(api, ctx);
}

/** Two letters answered and published (已公开信件 is not empty on a new site), dated a few days back. */
async function publishedDemoLetters(api: LocalApi, ctx: SeedContext): Promise<void> {
  const day = (n: number) => new Date(Date.parse(ctx.now.replace(' ', 'T')) - n * 86_400_000).toISOString().slice(0, 10);
  const deptName = '县政府办公室';
  const replyDeptId = ctx.deptIds.get(deptName) ?? null;
  const published = [
    {
      title: '关于县城东站早高峰公交班次的建议', type: 3, boxType: 2, name: '赵先生', phone: '13900000003', days: 12,
      content: '县城东站早高峰等车时间较长，建议7点至8点半加密公交班次。',
      replyContent: '您好！经县交通运输局核实，自本月起1路、5路公交车早高峰发车间隔由15分钟缩短至8分钟。感谢您对公共交通的关心。',
    },
    {
      title: '咨询新生儿医保参保办理流程', type: 1, boxType: 1, name: '孙女士', phone: '13900000004', days: 20,
      content: '孩子刚出生，想了解新生儿医保在哪里办理、需要带哪些材料。',
      replyContent: '您好！新生儿可在出生后90日内到县政务服务中心医保窗口或通过政务服务网办理参保，需提供出生医学证明和监护人身份证。',
    },
  ];
  const rows = published.map(({ days, ...l }) => {
    const at = `${day(days)} 09:30:00`;
    const replied = `${day(days - 3)} 16:00:00`;
    return {
      source: 1, satisfaction: 0, rkFlag: 0, isPublic: 1, publicFlag: 1, status: 1, stage: S.REPLIED, ...l,
      replyDeptId, replyDept: deptName, replyTime: replied, replyUserName: '周敏', publishTime: replied,
      queryCode: newQueryCode(), receivedAt: at, createTime: at, updateTime: replied,
    };
  });
  await api.seed('mail', rows);
}
