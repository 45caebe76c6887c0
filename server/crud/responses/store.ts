import { dynamic, type Db, type Row } from '../../db/types.js';
import { increment } from '../../shared/counters.js';
import type { GivenAnswers } from './check.js';
import type { ResponsesOf } from './questions.js';

/**
 * Stores one response in the caller's transaction: its row (`record`, the record's id under `records.key`),
 * an answer row per chosen choice or free text, and one more on the record's `records.count`. Answers its id.
 */
export async function storeResponse(trx: Db, of: ResponsesOf, record: Row, answers: GivenAnswers): Promise<number> {
  const { records, answers: a } = of.r;
  const db = dynamic(trx);
  const id = Number(record[records.key]);
  const inserted = (await db.insertInto(records.table).values(record).returning('id').executeTakeFirstOrThrow()) as Row;
  const rows: Row[] = [];
  for (const [questionId, given] of answers) {
    const base = { [a.record]: inserted.id, [a.key]: id, [a.question]: questionId };
    if (given.ids.length) for (const choice of given.ids) rows.push({ ...base, [a.choice]: choice, [a.text]: null });
    else rows.push({ ...base, [a.choice]: null, [a.text]: given.text });
  }
  await db.insertInto(a.table).values(rows).execute();
  if (records.count) await increment(db, of.decl.table, records.count, { column: of.decl.idField, keys: id });
  return Number(inserted.id);
}
