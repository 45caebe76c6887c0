import type { SurveyQuestion, SurveyRecord } from './api';

/** What the survey editor holds; times are the wire's strings ('YYYY-MM-DD HH:mm:ss', '' when empty). */
export interface Draft {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  anonymous: number;
  publicResult: number;
  questions: SurveyQuestion[];
}

export const emptyQuestion = (): SurveyQuestion => ({ title: '', type: 0, required: 1, options: [{ content: '' }, { content: '' }] });
export const emptyDraft = (): Draft => ({ title: '', description: '', startTime: '', endTime: '', anonymous: 1, publicResult: 0, questions: [emptyQuestion()] });

/** A text question (type 2) has no options. */
export const isChoice = (q: SurveyQuestion) => q.type !== 2;

export function draftOf(s: SurveyRecord): Draft {
  return {
    title: s.title,
    description: s.description ?? '',
    startTime: s.startTime ?? '',
    endTime: s.endTime ?? '',
    anonymous: Number(s.anonymous),
    publicResult: Number(s.publicResult ?? 0),
    questions: s.questions.map((q) => ({ ...q, options: q.options.map((o) => ({ content: o.content })) })),
  };
}

/** Local checks before anything is sent (the server checks the same). */
export function check(d: Draft): string | null {
  if (!d.title.trim()) return '请输入问卷标题';
  if (d.startTime && d.endTime && d.startTime >= d.endTime) return '结束时间必须晚于开始时间';
  if (d.questions.length === 0) return '问卷至少需要一道题目';
  for (const [i, q] of d.questions.entries()) {
    if (!q.title.trim()) return `请输入第${i + 1}题的题目`;
    if (isChoice(q) && q.options.filter((o) => o.content.trim()).length < 2) return `第${i + 1}题（选择题）至少需要两个选项`;
  }
  return null;
}

/** The save call's body. Once answers exist the questions are left out: the server keeps them as they are. */
export function bodyOf(d: Draft, id: string | undefined, locked: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: d.title.trim(),
    description: d.description.trim(),
    startTime: d.startTime,
    endTime: d.endTime,
    anonymous: d.anonymous,
    publicResult: d.publicResult,
  };
  if (!locked) {
    body.questions = d.questions.map((q, i) => ({
      title: q.title.trim(),
      type: q.type,
      required: q.required,
      sort: i + 1,
      options: isChoice(q) ? q.options.filter((o) => o.content.trim()).map((o, j) => ({ content: o.content.trim(), sort: j + 1 })) : [],
    }));
  }
  if (id) body.id = Number(id);
  return body;
}
