import { seedApi } from '../../../crud/entity/seed.js';
import type { Db, Row } from '../../../db/types.js';
import { newQueryCode } from '../../../public/guard.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { dayAt } from '../../../util/time.js';
import applyDecl from '../../../../resources/apply.js';
import { keySettingDefaults } from '../../../crud/keySettings.js';
import { addWorkingDays } from '../../../../resources/shape/workingDays.js';

const daysAgo = (days: number, hour = 10) => dayAt(-days, hour, 30);

/**
 * Demo disclosure applications (docs/interaction-forms.md), one per state a desk officer meets: a new one
 * waiting for acceptance, an accepted one past its statutory deadline (overdue), a replied one and an
 * organisation's request refused with reasons.
 */
export async function applyDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const dept = (name: string) => ({ handleDeptId: ctx.deptIds.get(name) ?? null, handleDeptName: name });
  const officer = ctx.people[0]?.name ?? null;
  const person = (name: string, idNumber: string, phone: string): Row => ({
    applicantType: 1, name, idType: '身份证', idNumber, workUnit: null, orgName: null, orgCode: null, legalPerson: null, contactName: null, phone,
  });
  const rows: { created: string; values: Row }[] = [
    {
      created: daysAgo(2, 9),
      values: {
        ...person('黄建国', '330123198503121234', '13757802401'),
        address: '云溪县青石镇石桥村18号', postcode: '311800', email: null,
        infoName: '青石镇2024年度农村危房改造补助资金发放名单',
        content: '申请公开青石镇2024年度农村危房改造补助对象名单、补助标准及资金发放情况。',
        purpose: '了解本村危房改造补助政策落实情况', format: '纸质', receiveWay: '邮寄',
        ...dept('青石镇'), status: 0, source: 1, extended: 0,
      },
    },
    {
      created: daysAgo(42, 14),
      values: {
        ...person('沈丽华', '33012319900706002X', '13757802402'),
        address: null, postcode: null, email: 'shenlh@example.com',
        infoName: '县城南片区老旧小区改造项目立项及预算文件',
        content: '申请公开县城南片区老旧小区改造项目的立项批复、项目预算及施工单位招标结果。',
        purpose: '小区业主了解改造范围和资金使用', format: '电子邮件', receiveWay: '电子邮件',
        ...dept('县政府办公室'), status: 1, source: 1, extended: 0, acceptTime: daysAgo(40, 10),
        remark: '涉及住建、财政两个部门，正在协调材料。',
      },
    },
    {
      created: daysAgo(30, 11),
      values: {
        ...person('方志强', '330123197811203456', '13757802403'),
        address: '云溪县白沙镇新街路66号', postcode: '311801', email: null,
        infoName: '2024年县第一中学招生计划及录取分数线',
        content: '申请公开2024年县第一中学普通高中招生计划、各批次录取分数线。',
        purpose: '子女升学参考', format: '纸质', receiveWay: '自行领取',
        ...dept('县教育局'), status: 2, source: 2, extended: 0, acceptTime: daysAgo(29, 9),
        replyDept: '县教育局', replyTime: daysAgo(20, 16), replyUserName: officer,
        replyContent: '经查，您申请的信息属于主动公开范围，已在云溪县人民政府门户网站“教育信息”栏目公开。现将招生计划表和录取分数线复印件一并提供，请于工作日到县教育局政务公开窗口领取。',
      },
    },
    {
      created: daysAgo(25, 15),
      values: {
        applicantType: 2, name: null, idType: null, idNumber: null, workUnit: null,
        orgName: '云溪县绿源农业开发有限公司', orgCode: '91330123MA2B3C4D5E', legalPerson: '蒋明', contactName: '蒋明', phone: '13757802404',
        address: '云溪县经济开发区创业路9号', postcode: '311800', email: 'lvyuan@example.com',
        infoName: '2024年县级农业产业化项目其他申报企业的申报材料',
        content: '申请公开同期参与县农业产业化项目申报的其他企业的申报材料及财务报表。',
        purpose: '了解项目评审情况', format: '电子邮件', receiveWay: '电子邮件',
        ...dept('县农业农村局'), status: 3, source: 1, extended: 0, acceptTime: daysAgo(24, 9),
        replyDept: '县农业农村局', replyTime: daysAgo(12, 10), replyUserName: officer,
        replyContent: '您申请公开的信息涉及第三方企业商业秘密，经征求第三方意见，第三方不同意公开。根据《中华人民共和国政府信息公开条例》第十五条的规定，决定不予公开。项目评审结果已在本网站公示，您可自行查阅。',
      },
    },
  ];
  const rowsOut = rows.map((r, i) => ({
    ...r.values,
    queryCode: newQueryCode(),
    deadline: addWorkingDays(r.created, keySettingDefaults(applyDecl).replyDays!),
    ip: r.values.source === 1 ? `10.20.3.${i + 41}` : null,
    creatorId: null,
    createTime: r.created,
    updateTime: (r.values.replyTime as string | undefined) ?? r.created,
  }));
  await seedApi(db, ctx.decls).seed('apply', rowsOut);
}
