import type { Hooks, RecordData } from '../../resources/behaviour.js';
import type { AnswerDecl } from '../../resources/shape/answers.js';
import type { ResourceDecl } from '../../resources/types.js';
// Tables of declarations are named at run time: the deliberately untyped handle (server/db/types.ts).
import type { DynamicDb as Db, Row } from '../db/types.js';
import type { EntityContext } from './entity/types.js';

/**
 * The declaration's `answers` (resources/shape/answers.ts) as hooks: values read from other tables for a
 * page of records, one query per source — an `enrich` hook for those answered everywhere, an `afterGet`
 * hook for those of the get call only. Run after the entity's own hooks (server/crud/entity/attach.ts).
 */

type DeclOf = (name: string) => ResourceDecl | undefined;
const trxOf = (ctx: unknown) => (ctx as EntityContext).trx;
const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** id → title of the given ids among the records of `entity`. */
async function titles(db: Db, target: ResourceDecl, ids: readonly unknown[]): Promise<Map<number, unknown>> {
  const wanted = [...new Set(ids.filter(present).map(Number))];
  if (!wanted.length) return new Map();
  const rows = (await db.selectFrom(target.table).select([target.idField, target.titleField]).where(target.idField, 'in', wanted).execute()) as Row[];
  return new Map(rows.map((r) => [Number(r[target.idField]), r[target.titleField]]));
}

function targetOf(decl: ResourceDecl, declOf: DeclOf, name: string | undefined): ResourceDecl {
  const target = name ? declOf(name) : undefined;
  if (!target) throw new Error(`${decl.name}: answers 没有资源 ${String(name)}`);
  return target;
}

/** One answer's value for each record, in the records' order. */
async function valuesOf(db: Db, decl: ResourceDecl, declOf: DeclOf, answer: AnswerDecl, records: readonly RecordData[]): Promise<unknown[]> {
  const ids = records.map((r) => r[decl.idField]);
  if (answer.title) {
    const entity = answer.entity ?? decl.fields.find((f) => f.name === answer.title)?.reference;
    const names = await titles(db, targetOf(decl, declOf, entity), records.map((r) => r[answer.title!]));
    return records.map((r) => (present(r[answer.title!]) ? (names.get(Number(r[answer.title!])) ?? null) : null));
  }
  if (answer.count) {
    const { table, key } = answer.count;
    const rows = (await db.selectFrom(table).select(key).select((eb) => eb.fn.countAll().as('n')).where(key, 'in', ids).groupBy(key).execute()) as Row[];
    const n = new Map(rows.map((r) => [Number(r[key]), Number(r.n)]));
    return ids.map((id) => n.get(Number(id)) ?? 0);
  }
  const link = decl.links?.find((l) => l.name === answer.link);
  if (!link) throw new Error(`${decl.name}: answers 没有链接 ${String(answer.link)}`);
  let q = db.selectFrom(link.table).select([link.from, link.to]).where(link.from, 'in', ids);
  for (const [k, v] of Object.entries(link.where ?? {})) q = q.where(k, '=', v);
  const pairs = (await q.orderBy(link.to).execute()) as Row[];
  const linked = ids.map((id) => pairs.filter((p) => Number(p[link.from]) === Number(id)).map((p) => Number(p[link.to])));
  const value = answer.value ?? 'ids';
  if (value === 'ids') return linked;
  if (value === 'first') return linked.map((l) => l[0] ?? null);
  const names = await titles(db, targetOf(decl, declOf, link.entity), linked.flat());
  const named = linked.map((l) => l.map((id) => String(names.get(id) ?? '')));
  return value === 'titles' ? named : named.map((l) => l.join('、'));
}

/** The records with the answers' values. */
export async function withAnswers(db: Db, decl: ResourceDecl, declOf: DeclOf, answers: readonly AnswerDecl[], records: readonly RecordData[]): Promise<RecordData[]> {
  const out = records.map((r) => ({ ...r }));
  if (!out.length) return out;
  for (const answer of answers) {
    const values = await valuesOf(db, decl, declOf, answer, records);
    out.forEach((r, i) => (r[answer.name] = values[i]));
  }
  return out;
}

export function answerHooks(decl: ResourceDecl, declOf: DeclOf): Hooks {
  const everywhere = (decl.answers ?? []).filter((a) => (a.at ?? 'all') === 'all');
  const onGet = (decl.answers ?? []).filter((a) => a.at === 'get');
  return {
    ...(everywhere.length ? { enrich: [({ records, ctx }) => withAnswers(trxOf(ctx), decl, declOf, everywhere, records)] } : {}),
    ...(onGet.length ? { afterGet: [async ({ record, ctx }) => (await withAnswers(trxOf(ctx), decl, declOf, onGet, [record]))[0]] } : {}),
  } as Hooks;
}
