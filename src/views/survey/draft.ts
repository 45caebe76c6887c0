import survey from '../../../resources/survey';
import type { FieldDecl } from '../../../resources/types';
import type { SurveyQuestion, SurveyRecord } from './api';

/** The survey's own fields the designer edits: the declaration's form (title, description, time window, 答卷方式, 公开结果). */
export const HEADER_FIELDS: readonly FieldDecl[] = (survey.form ?? []).flatMap((name) => survey.fields.filter((f) => f.name === name));

/** What the survey editor holds: the form's values (times as the wire's strings) and the questions. */
export interface Draft {
  values: Record<string, unknown>;
  questions: SurveyQuestion[];
}

export const emptyQuestion = (): SurveyQuestion => ({ title: '', type: 0, required: 1, options: [{ content: '' }, { content: '' }] });
const valuesOf = (s: Record<string, unknown>) => Object.fromEntries(HEADER_FIELDS.map((f) => [f.name, s[f.name] ?? f.default ?? '']));
export const emptyDraft = (): Draft => ({ values: valuesOf({}), questions: [emptyQuestion()] });

/** A text question (type 2) has no options. */
export const isChoice = (q: SurveyQuestion) => q.type !== 2;

export function draftOf(s: SurveyRecord): Draft {
  return { values: valuesOf(s), questions: s.questions.map((q) => ({ ...q, options: q.options.map((o) => ({ content: o.content })) })) };
}

/** Local checks before anything is sent (the server checks the same). */
export function check({ values, questions }: Draft): string | null {
  if (!String(values.title ?? '').trim()) return '请输入问卷标题';
  if (values.startTime && values.endTime && String(values.startTime) >= String(values.endTime)) return '结束时间必须晚于开始时间';
  if (questions.length === 0) return '问卷至少需要一道题目';
  for (const [i, q] of questions.entries()) {
    if (!q.title.trim()) return `请输入第${i + 1}题的题目`;
    if (isChoice(q) && q.options.filter((o) => o.content.trim()).length < 2) return `第${i + 1}题（选择题）至少需要两个选项`;
  }
  return null;
}

/** The save call's body (texts trimmed, an emptied time ''). Once answers exist the questions are left out: the server keeps them. */
export function bodyOf(d: Draft, id: string | undefined, locked: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(d.values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : (v ?? '')]));
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
