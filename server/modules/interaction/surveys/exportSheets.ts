import type { Db, Row } from '../../../db/types.js';
import type { SheetSpec } from '../../../shared/excel.js';
import { answerTo, loadQuestions, surveyResults } from './service.js';

/** One survey's export: the tally per option, then every record with its answers (phones masked by the builder). */
export async function surveyResultSheets(db: Db, survey: Row): Promise<SheetSpec[]> {
  const results = await surveyResults(db, survey);
  const tally: Row[] = [];
  results.questions.forEach((q, i) => {
    if (q.type === 2) tally.push({ no: i + 1, title: q.title, typeName: q.typeName, option: '（文本答案）', count: q.textCount, percent: '' });
    for (const o of q.options) tally.push({ no: i + 1, title: q.title, typeName: q.typeName, option: o.content, count: o.count, percent: o.percent });
  });
  const questions = await loadQuestions(db, Number(survey.id));
  const recs = await db.selectFrom('survey_record').selectAll().where('surveyId', '=', Number(survey.id)).orderBy('id').limit(100_000).execute();
  const answers = await db.selectFrom('survey_answer').selectAll().where('surveyId', '=', Number(survey.id)).execute();
  const byRecord = new Map<number, Row[]>();
  for (const a of answers) byRecord.set(a.recordId, [...(byRecord.get(a.recordId) ?? []), a]);
  const answerOf = (r: Row, q: (typeof questions)[number]) => {
    const a = answerTo(q, byRecord.get(Number(r.id)) ?? []);
    return q.type === 2 ? (a.text ?? '') : a.optionContents.join('；');
  };
  return [
    {
      name: '统计结果',
      preamble: [['问卷标题', String(survey.title)], ['答卷数', results.recordCount], []],
      columns: [
        { header: '序号', key: 'no', width: 8 },
        { header: '题目', key: 'title', width: 40 },
        { header: '题型', key: 'typeName', width: 8 },
        { header: '选项', key: 'option', width: 30 },
        { header: '票数', key: 'count', width: 10 },
        { header: '比例(%)', key: 'percent', width: 10 },
      ],
      rows: tally,
    },
    {
      name: '答卷记录',
      columns: [
        { header: '答卷编号', key: 'id', map: Number },
        { header: '提交时间', key: 'createTime', width: 20 },
        { header: '姓名', key: 'name' },
        { header: '联系电话', key: 'phone' },
        { header: 'IP', key: 'ip' },
        ...questions.map((q, i) => ({ header: `${i + 1}. ${q.title}`, key: `q${q.id}`, map: (_v: unknown, r: Row) => answerOf(r, q), width: 30 })),
      ],
      rows: recs,
    },
  ];
}
