import { seedApi } from '../../../crud/entity/seed.js';
import type { Db } from '../../../db/types.js';
import { newQueryCode } from '../../../public/guard.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { dayAt } from '../../../util/time.js';

const daysFrom = (days: number, hour = 9) => dayAt(days, hour);

/**
 * Demo advice topics (docs/interaction-forms.md): one collecting with a few public opinions, one whose
 * collection ended and whose result was published (已反馈).
 */
export async function adviceDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  const owner = (dept: string) => ctx.people.find((p) => p.deptName === dept) ?? ctx.people[0];
  const topics = [
    {
      dept: '县农业农村局',
      values: {
        title: '《云溪县农村人居环境整治提升三年行动方案（征求意见稿）》公开征求意见',
        content:
          '<p>为持续改善农村人居环境，县农业农村局起草了《云溪县农村人居环境整治提升三年行动方案（征求意见稿）》，现向社会公开征求意见。</p><p>方案主要包括：农村生活垃圾分类处理、农村厕所改造、生活污水治理、村容村貌提升等四项重点任务。</p><p>欢迎社会各界通过本网站提出意见建议。</p>',
        solicitDept: '县农业农村局',
        startTime: daysFrom(-7),
        endTime: daysFrom(23, 18),
        status: 1,
        resultContent: null,
        resultTime: null,
        stopTime: null,
      },
      opinions: [
        { name: '徐先生', phone: '13867501301', content: '建议垃圾分类先在青石镇、白沙镇集镇试点，再向各村推开，并给保洁员适当增加补贴。', day: -5 },
        { name: null, phone: '13867501302', content: '厕所改造要考虑山区村的实际，有的村没有污水管网，建议因地制宜采用三格式化粪池。', day: -3 },
        { name: '郑女士', phone: '13867501303', content: '希望方案明确村容村貌提升的资金来源和村民自筹比例，避免增加农民负担。', day: -1 },
      ],
    },
    {
      dept: '县卫生健康局',
      values: {
        title: '关于优化县域家庭医生签约服务的意见征集',
        content: '<p>为提升家庭医生签约服务质量，县卫生健康局就签约服务包内容、上门服务方式等征集群众意见。</p>',
        solicitDept: '县卫生健康局',
        startTime: daysFrom(-60),
        endTime: daysFrom(-30, 18),
        status: 3,
        resultContent:
          '<p>本次征集共收到有效意见2条，主要集中在老年人上门随访和慢病配药两方面。</p><p>经研究，自下月起：一是65岁以上签约老人每季度至少上门随访一次；二是高血压、糖尿病患者可在村卫生室配取长处方药品。感谢大家的参与！</p>',
        resultTime: daysFrom(-20, 16),
        stopTime: daysFrom(-30, 18),
      },
      opinions: [
        { name: '何先生', phone: '13867501304', content: '家里老人行动不便，希望家庭医生能定期上门量血压。', day: -50 },
        { name: '孙女士', phone: '13867501305', content: '慢病药每个月都要去县医院配，建议在村卫生室也能配到。', day: -40 },
      ],
    },
  ];
  // Through the local API: the topic's checks run; as demo data (ctx.seed) an ended topic keeps its state;
  // the opinions come with each topic (its child collection).
  await seedApi(db, ctx.decls).seed(
    'advice',
    topics.map((t) => {
      const p = owner(t.dept);
      const opinions = t.opinions.map((o, i) => ({ content: o.content, name: o.name, phone: o.phone, queryCode: newQueryCode(), ip: `10.20.2.${i + 31}`, createTime: daysFrom(o.day, 10 + i) }));
      const stamps = { deptId: ctx.deptIds.get(t.dept) ?? p?.deptId ?? null, deptName: t.dept, creatorId: p?.userId ?? null, creatorName: p?.name ?? null, createTime: t.values.startTime, updateTime: ctx.now };
      return { ...t.values, opinionCount: t.opinions.length, ...stamps, opinions };
    }),
  );
}
