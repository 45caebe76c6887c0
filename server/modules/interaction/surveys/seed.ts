import { seedApi, seedOne } from '../../../crud/entity/seed.js';
import type { Db } from '../../../db/types.js';
import type { GivenAnswers } from '../../../crud/responses/check.js';
import { choicesOf } from '../../../crud/responses/questions.js';
import { storeResponse } from '../../../crud/responses/store.js';
import { loadQuestions, SURVEY_RESPONSES } from './service.js';
import type { SeedContext } from '../../../seed/domainSeeds.js';
import { formatDateTime } from '../../../util/time.js';

const DAY = 24 * 3600_000;
const daysFrom = (days: number) => formatDateTime(new Date(Date.now() + days * DAY));

interface SeedQuestion {
  title: string;
  type: 0 | 1 | 2;
  options: string[];
}
interface SeedAnswer {
  /** Per question: option indexes (choice) or the text. */
  answers: (number[] | string)[];
  name?: string;
  phone?: string;
}

async function insertSurvey(
  db: Db,
  ctx: SeedContext,
  survey: { title: string; description: string; startTime: string; endTime: string; status: number; anonymous: number; publicResult?: number; dept: string },
  questions: SeedQuestion[],
  records: SeedAnswer[],
): Promise<void> {
  const owner = ctx.people.find((p) => p.deptName === survey.dept) ?? ctx.people[0];
  const deptId = ctx.deptIds.get(survey.dept) ?? owner?.deptId ?? null;
  const { dept: _dept, ...columns } = survey;
  void _dept;
  // Through the local API: the survey's hooks save its questions → options as a staff save would; as demo
  // data its state and dates are the row's own.
  const row = await seedOne(
    seedApi(db, ctx.decls),
    'survey',
    {
      ...columns,
      questions: questions.map((q) => ({ title: q.title, type: q.type, required: q.type === 2 ? 0 : 1, options: q.options })),
      deptId, deptName: survey.dept, creatorId: owner?.userId ?? null, creatorName: owner?.name ?? null, createTime: daysFrom(-40), updateTime: ctx.now,
    },
    { inputs: ['questions'] },
  );
  const surveyId = Number(row.id);
  const saved = await loadQuestions(db, surveyId);
  // The demo answers: written as a citizen's answer is (the survey's store: records, answers, 答卷数).
  for (const [ri, rec] of records.entries()) {
    const given: GivenAnswers = new Map();
    rec.answers.forEach((answer, qi) => {
      const q = saved[qi]!;
      if (typeof answer === 'string') {
        if (answer) given.set(Number(q.id), { ids: [], text: answer });
      } else given.set(Number(q.id), { ids: answer.map((oi) => Number(choicesOf(SURVEY_RESPONSES, q)[oi]!.id)), text: '' });
    });
    const visitor = { surveyId, visitorToken: `demo-seed-visitor-${surveyId}-${ri}`, ip: `192.168.10.${ri + 11}`, name: rec.name ?? null, phone: rec.phone ?? null };
    await storeResponse(db, SURVEY_RESPONSES, { ...visitor, createTime: daysFrom(-(records.length - ri)) }, given);
  }
}

/**
 * Demo questionnaires (docs/interaction-forms.md): one started with a few answers (its results screen
 * shows charts at once), one ended with its answers kept.
 */
export async function surveyDemoSeed(db: Db, ctx: SeedContext): Promise<void> {
  await insertSurvey(
    db,
    ctx,
    {
      title: '云溪县城乡公交服务满意度调查',
      description: '为进一步优化城乡公交线路和班次，县交通运输部门就公交服务征求群众意见，问卷匿名填写，约需3分钟。',
      startTime: daysFrom(-10),
      endTime: daysFrom(20),
      status: 1,
      anonymous: 1,
      dept: '县政府办公室',
    },
    [
      { title: '您对目前城乡公交服务总体是否满意？', type: 0, options: ['非常满意', '基本满意', '不满意'] },
      { title: '您希望优先改善哪些方面？（可多选）', type: 1, options: ['增加班次', '延长末班车时间', '增设镇村站点', '改善候车亭'] },
      { title: '其他意见和建议', type: 2, options: [] },
    ],
    [
      { answers: [[0], [0, 1], '希望青石镇到县城的早班车提前到6点30分。'] },
      { answers: [[1], [2], ''] },
      { answers: [[1], [0, 2, 3], '白沙镇中心小学门口建议设置站点，方便学生上下学。'] },
      { answers: [[2], [1], '晚上8点以后基本等不到车。'] },
    ],
  );
  await insertSurvey(
    db,
    ctx,
    {
      title: '2025年县城义务教育学校课后服务情况问卷',
      description: '了解家长对学校课后服务内容、时长和收费的评价，结果将作为下学年课后服务安排的参考。',
      startTime: daysFrom(-90),
      endTime: daysFrom(-30),
      status: 3,
      anonymous: 0,
      // Staff published this one's results (公开结果): the demo site's 调查结果 has something to show.
      publicResult: 1,
      dept: '县教育局',
    },
    [
      { title: '您的孩子是否参加了学校课后服务？', type: 0, options: ['参加', '未参加'] },
      { title: '您希望课后服务增加哪些内容？（可多选）', type: 1, options: ['作业辅导', '体育活动', '艺术兴趣', '科普阅读'] },
    ],
    [
      { answers: [[0], [0, 1]], name: '张女士', phone: '13905870001' },
      { answers: [[0], [1, 2]], name: '王先生', phone: '13905870002' },
      { answers: [[1], [3]], name: '赵女士', phone: '13905870003' },
    ],
  );
}
