import type { Row } from '../../db/types.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import { cleanText } from '../../public/text.js';
import { asInt, asObject } from '../../shared/routeHelpers.js';
import { choicesOf, type ResponsesOf } from './questions.js';

/** A checked response: per question answered, the chosen ids or the free text. */
export type GivenAnswers = Map<number, { ids: number[]; text: string }>;

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * A response's answers (`[{ <question>, <ids> or <choice>, text }]`) checked against the record's questions:
 * each question the record's and answered once, a text question with text only, a choice question with its
 * own choices (one for a single-choice type), every required question answered and at least one.
 */
export function readResponse(of: ResponsesOf, questions: readonly Row[], answers: unknown): GivenAnswers {
  const { r, questions: q, choices, noun } = of;
  const title = (question: Row) => String(question[r.questionTitle]);
  if (!Array.isArray(answers)) throw missingParam('answers');
  const out: GivenAnswers = new Map();
  for (const item of answers as unknown[]) {
    const a = asObject(item, '答案');
    const questionId = asInt(a[r.answers.question], r.answers.question);
    const question = questions.find((x) => Number(x.id) === questionId);
    if (!question) throw invalidValue(`答案中的${q.label}不属于该${noun}`);
    const named = `${q.label}「${title(question)}」`;
    if (out.has(questionId)) throw invalidValue(`${named}重复作答`);
    const rawIds = a[r.as.ids] ?? (given(a[r.answers.choice]) ? [a[r.answers.choice]] : []);
    if (!Array.isArray(rawIds)) throw invalidValue(`${r.as.ids}格式不正确`);
    const ids = [...new Set(rawIds.map((v) => asInt(v, r.answers.choice)))];
    const type = Number(question[r.type.field]);
    let text = '';
    if (type === r.type.text) {
      if (ids.length) throw invalidValue(`${named}是${of.typeLabel(type)}题`);
      text = cleanText(a.text ?? a[r.answers.text], { label: `「${title(question)}」的回答`, max: r.textMax ?? 2000, multiline: true });
    } else {
      if (ids.some((id) => !choicesOf(of, question).some((o) => Number(o.id) === id))) throw invalidValue(`${named}的${choices.label}无效`);
      if (type === r.type.single && ids.length > 1) throw invalidValue(`${named}是${of.typeLabel(type)}题，只能选一项`);
    }
    if (ids.length || text) out.set(questionId, { ids, text });
  }
  const missing = questions.find((x) => Number(x[r.required]) === 1 && !out.has(Number(x.id)));
  if (missing) throw invalidValue(`请回答必答题「${title(missing)}」`);
  if (out.size === 0) throw invalidValue(`请至少回答一道${q.label}`);
  return out;
}
