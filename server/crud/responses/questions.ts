import type { ChildDecl } from '../../../resources/relations/children.js';
import type { ResponsesDecl } from '../../../resources/shape/responses.js';
import type { ResourceDecl } from '../../../resources/types.js';
import { dynamic, type Db, type Row } from '../../db/types.js';
import { readChildTree } from '../childTree.js';

/** A declaration's `responses` with what its options point at: the questions' and choices' collections. */
export interface ResponsesOf {
  decl: ResourceDecl;
  r: ResponsesDecl;
  questions: ChildDecl;
  choices: ChildDecl;
  /** What refusals call the record, a question, a choice; a type's label (单选, 文本). */
  noun: string;
  typeLabel: (value: number) => string;
}

export function responsesOf(decl: ResourceDecl): ResponsesOf {
  const r = decl.responses;
  const questions = decl.children?.find((c) => c.name === r?.questions);
  const choices = questions?.children?.find((c) => c.name === r?.choices);
  if (!r || !questions || !choices) throw new Error(`${decl.name}: responses need the declared child collections ${r?.questions} → ${r?.choices}`);
  const labels = questions.labelOf?.field === r.type.field ? questions.labelOf.options : {};
  return { decl, r, questions, choices, noun: r.noun ?? decl.label, typeLabel: (value) => labels[value] ?? String(value) };
}

/** The record's questions with their choices, in order. */
export const readQuestions = (db: Db, of: ResponsesOf, id: number): Promise<Row[]> => readChildTree(dynamic(db), of.questions, [id]);

/** A question's choices as read. */
export const choicesOf = (of: ResponsesOf, q: Row): Row[] => (q[of.choices.name] as Row[] | undefined) ?? [];

/** One response's answer to a question: the chosen ids (as stored), their texts in the question's order, the free text. */
export function answerTo(of: ResponsesOf, q: Row, answers: readonly Row[]) {
  const { question, choice, text } = of.r.answers;
  const mine = answers.filter((a) => Number(a[question]) === Number(q.id));
  const ids = mine.flatMap((a) => (a[choice] === null ? [] : [Number(a[choice])]));
  const free = mine.find((a) => a[choice] === null)?.[text];
  const labels = choicesOf(of, q).filter((o) => ids.includes(Number(o.id))).map((o) => o[of.r.choiceLabel]);
  return { [of.r.as.ids]: ids, [of.r.as.labels]: labels, text: free === undefined ? null : String(free) };
}
