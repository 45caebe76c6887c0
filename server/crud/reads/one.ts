import type { FastifyRequest, FastifySchema } from 'fastify';
import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import type { Db, DynamicDb, Row } from '../../db/types.js';
import { missingParam, notFoundRecord } from '../../http/errors.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { bodyOf, optionalId, queryOf, readId } from '../../http/params.js';
import { describeInput, ID, type InputFields } from '../../http/routeInput.js';
import { getRecord } from '../service.js';
import { readRows, type Query } from './records.js';

/**
 * A declared read of one record (`shape: 'one'`, resources/shape/reads.ts): by its id (`keys`: the first name
 * given, in the path, the body or the query), or the caller's own (`mine`); answered as the read says, as the
 * get call answers it (`asGet`), or only one value (`value`). 部门's `/ding/dept/view`, `ByUser`, `getName/{id}`.
 */

/** The id the call names: the first of `keys` given (the last required), else the idField in the query or the body. */
function oneKey(decl: ResourceDecl, read: ExtraReadDecl, request: FastifyRequest): number {
  if (!read.keys?.length) return readId(request, decl.idField);
  const bag = { ...queryOf(request), ...bodyOf(request), ...((request.params ?? {}) as Row) };
  for (const name of read.keys) {
    const id = optionalId(bag, name);
    if (id !== null) return id;
  }
  throw missingParam(read.keys[read.keys.length - 1]!);
}

/** Whether the read names its record by these options (else the plain `one` read of answer.ts). */
export const byOwnKeys = (read: ExtraReadDecl): boolean => !!(read.keys?.length || read.mine || read.asGet || read.value);

/** The request schema's keys: `keys` instead of the idField, none for `mine`. */
export function oneInput(decl: ResourceDecl, read: ExtraReadDecl, fields: Record<string, InputFields[string]>): void {
  if (read.shape !== 'one' || !(read.keys?.length || read.mine)) return;
  delete fields[decl.idField];
  for (const key of read.keys ?? []) fields[key] = ID;
}

/** A declared path with `{name}` (`/ding/dept/getName/{id}`): its keys are path parameters (registered as `:name`). */
export function pathInput(url: string, fields: Readonly<Record<string, InputFields[string]>>): FastifySchema | undefined {
  const names = [...url.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return names.length ? describeInput({ path: Object.fromEntries(names.map((name) => [name, fields[name] ?? ID])) }) : undefined;
}

export async function answerOne(db: DynamicDb, decl: ResourceDecl, read: ExtraReadDecl, user: PortalUser, request: FastifyRequest, q: Query, out: (rows: readonly Row[]) => Promise<Row[]>): Promise<unknown> {
  const pick = (record: Row) => (read.value ? (record[read.value] ?? null) : record);
  if (read.mine) {
    const id = user[read.mine];
    if (id === null || id === undefined) return null;
    const [row] = await readRows(db, decl, read, user, q.where(decl.idField, '=', id), 1);
    return row ? pick((await out([row]))[0]!) : null;
  }
  const id = oneKey(decl, read, request);
  if (read.asGet) return pick(await getRecord(db as Db, decl, user, id));
  const [row] = await readRows(db, decl, read, user, q.where(decl.idField, '=', id), 1);
  if (!row) throw notFoundRecord();
  return pick((await out([row]))[0]!);
}
