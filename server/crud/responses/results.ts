import { dynamic, type Db, type Row } from '../../db/types.js';
import type { ResourceDecl } from '../../../resources/types.js';
import { choicesOf, readQuestions, responsesOf, type ResponsesOf } from './questions.js';

const pick = (row: Row, names: readonly string[]) => Object.fromEntries(names.map((n) => [n, row[n]]));
/** Share of the responses that answered the question, in percent with 2 decimals. */
const pct = (n: number, of: number) => (of > 0 ? Math.round((n * 10000) / of) / 100 : 0);
type Counted = { n: number | string } & Row;

/** Per question: its `question` fields, how many responses answered it, how many texts, and each choice's count and percent. */
export interface ResponseResults {
  record: Row;
  count: number;
  questions: (Row & { answered: number; textCount: number; choices: (Row & { count: number; percent: number })[] })[];
}

/** The results as the results call answers them: under the entity's name, the count field's and the collections'. */
export function resultsAnswer(of: ResponsesOf, res: ResponseResults): Row {
  const questions = res.questions.map(({ choices, ...q }) => ({ ...q, [of.choices.name]: choices }));
  return { [of.decl.name]: res.record, [of.r.records.count ?? 'count']: res.count, [of.questions.name]: questions };
}

/** The results of one record's responses, counted in four grouped queries. */
export async function tallyResponses(db: Db, of: ResponsesOf, record: Row, fields: { question: readonly string[]; choice: readonly string[] }): Promise<ResponseResults> {
  const { records, answers: a } = of.r;
  const d = dynamic(db);
  const id = Number(record[of.decl.idField]);
  const questions = await readQuestions(db, of, id);
  const mine = () => d.selectFrom(a.table).where(a.key, '=', id);
  const choiceCounts = (await mine().select([a.choice, (eb) => eb.fn.countAll().as('n')]).where(a.choice, 'is not', null).groupBy(a.choice).execute()) as Counted[];
  const answered = (await mine().select([a.question, (eb) => eb.fn.count(a.record).distinct().as('n')]).groupBy(a.question).execute()) as Counted[];
  const texts = (await mine().select([a.question, (eb) => eb.fn.countAll().as('n')]).where(a.choice, 'is', null).groupBy(a.question).execute()) as Counted[];
  const total = (await d.selectFrom(records.table).select((eb) => eb.fn.countAll().as('n')).where(records.key, '=', id).executeTakeFirst()) as Counted | undefined;
  const countIn = (rows: Counted[], column: string, value: unknown) => Number(rows.find((r) => r[column] === value)?.n ?? 0);
  return {
    record,
    count: Number(total?.n ?? 0),
    questions: questions.map((q) => {
      const n = countIn(answered, a.question, q.id);
      const choices = choicesOf(of, q).map((o) => {
        const count = countIn(choiceCounts, a.choice, o.id);
        return { ...pick(o, fields.choice), count, percent: pct(count, n) };
      });
      return { ...pick(q, fields.question), answered: n, textCount: countIn(texts, a.question, q.id), choices };
    }),
  };
}

/** The results call's answer for one record, with the fields its declaration names (the public page's counts too). */
export async function declaredResults(db: Db, decl: ResourceDecl, record: Row): Promise<Row> {
  const of = responsesOf(decl);
  const fields = of.r.calls?.results;
  if (!fields) throw new Error(`${decl.name}: responses.calls.results is not declared`);
  return resultsAnswer(of, await tallyResponses(db, of, record, fields));
}
