import type { Db } from '../../../db/types.js';
import { seedApi } from '../../../crud/entity/seed.js';
import { newQueryCode } from '../../../public/guard.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { formatDateTime } from '../../../util/time.js';

const DAY = 24 * 3600_000;
const daysAgo = (days: number, hour = 10) => {
  const d = new Date(Date.now() - days * DAY);
  d.setHours(hour, 12, 0, 0);
  return formatDateTime(d);
};

/**
 * Demo suggestions (docs/interaction-forms.md): two handled with a published reply (they show on the
 * public list), two waiting for handling (one the visitor agreed to publish, one private).
 */
export async function suggestDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const replier = ctx.people[0];
  const rows = [
    {
      title: '建议在县城滨江路增设夜间照明',
      content: '滨江路从云溪大桥到城南公园一段晚上没有路灯，散步的群众很多，存在安全隐患，建议尽快增设照明设施。',
      name: '陈先生',
      phone: '13957801201',
      email: null,
      isPublic: 1,
      status: 1,
      replyDept: '县政府办公室',
      replyContent: '您好！您反映的滨江路照明问题已转县住建部门现场核实。该路段路灯安装已列入今年城市亮化工程，预计下月底完成施工。感谢您对县城建设的关心和支持！',
      createTime: daysAgo(12, 9),
      replyTime: daysAgo(8, 15),
    },
    {
      title: '关于延长县政务服务中心周末办理时间的建议',
      content: '上班族工作日很难请假办事，建议政务服务中心周六全天开放，或者开通更多网上办理事项。',
      name: '林女士',
      phone: '13957801202',
      email: 'lin.yx@example.com',
      isPublic: 1,
      status: 1,
      replyDept: '县政府办公室',
      replyContent: '您好！自本月起，县政务服务中心已在每周六上午9:00—12:00提供户籍、社保、不动产登记等高频事项的“周末不打烊”服务，另有132项事项可通过政务服务网全程网办。欢迎您监督。',
      createTime: daysAgo(20, 14),
      replyTime: daysAgo(15, 10),
    },
    {
      title: '青石镇菜市场周边停车难问题',
      content: '青石镇农贸市场周边早上车辆乱停，经常堵到主干道，建议划设临时停车位并安排人员疏导。',
      name: '周先生',
      phone: '13957801203',
      email: null,
      isPublic: 1,
      status: 0,
      replyDept: null,
      replyContent: null,
      createTime: daysAgo(3, 8),
      replyTime: null,
    },
    {
      title: '建议县图书馆增加少儿阅览区开放时间',
      content: '暑假期间少儿阅览区下午5点就关门，建议延长到晚上8点，方便家长下班后带孩子借书。',
      name: '吴女士',
      phone: '13957801204',
      email: null,
      isPublic: 0,
      status: 0,
      replyDept: null,
      replyContent: null,
      createTime: daysAgo(1, 19),
      replyTime: null,
    },
  ];
  await seedApi(db, ctx.decls).seed(
    'suggest',
    rows.map((r, i) => ({ ...r, queryCode: newQueryCode(), replyUserName: r.status === 1 ? (replier?.name ?? null) : null, ip: `10.20.1.${i + 21}`, updateTime: r.replyTime ?? r.createTime })),
  );
}
