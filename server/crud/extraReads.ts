import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { inState } from '../../resources/behaviour.js';
import type { ExtraReadDecl } from '../../resources/shape/extraReads.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic, type Row } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { currentUser, type PortalUser } from '../http/fastifyTypes.js';
import { notFoundRecord } from '../http/errors.js';
import { readId, readSize } from '../http/params.js';
import { describeInput, NO_INPUT } from '../http/routeInput.js';
import { findRecords } from './entity/localApi.js';
import { systemUser } from './entity/runtime.js';
import { applyWhere } from './behaviour.js';
import { applyReach, reachOf } from './reach.js';
import { linkedIds } from './links.js';
import { readSingleton } from './singleton.js';
import { nestRecords } from './treeList.js';

/** The declared sort of a read: its own, else the list's default sort and `thenBy`. */
export function readSort(decl: ResourceDecl, reads: ExtraReadDecl): { field: string; order: 'ASC' | 'DESC' }[] {
  if (reads.sort) return [...reads.sort];
  const first = decl.list.defaultSort;
  return [first, ...(decl.list.thenBy?.(first) ?? [])];
}

const pick = (row: Row, fields: readonly string[] | undefined): Row => (fields ? Object.fromEntries(fields.map((f) => [f, row[f] ?? null])) : row);

/** What a declared read answers for `user` (server/crud/extraReads.ts, resources/shape/extraReads.ts). */
export async function answerRead(app: FastifyInstance, decl: ResourceDecl, reads: ExtraReadDecl, user: PortalUser, request: FastifyRequest): Promise<unknown> {
  const db = dynamic(app.db);
  if (reads.shape === 'counts') {
    const field = reads.field ?? '';
    const reach = await reachOf(db, decl, user, 'list');
    const rows = (await applyReach(applyWhere(db.selectFrom(decl.table), reads.where), reach)
      .select([field, (eb) => eb.fn.countAll().as('n')])
      .groupBy(field)
      .execute()) as Row[];
    const options = decl.fields.find((f) => f.name === field)?.options ?? [];
    return options.map((o) => ({ value: o.value, label: o.label, count: Number(rows.find((r) => String(r[field]) === String(o.value))?.n ?? 0) }));
  }
  if (reads.shape === 'record') return pick(await readSingleton(db, decl, user), reads.fields);
  if (reads.shape === 'linked') {
    const id = readId(request, reads.key ?? decl.idField);
    const link = decl.links?.find((l) => l.name === reads.link);
    if (!link) throw new Error(`${decl.name}: no declared link ${String(reads.link)}`);
    if (!(await findRecords(db, decl, user, { where: { [decl.idField]: id }, limit: 1 })).length) throw notFoundRecord();
    return linkedIds(db, link, id);
  }
  const limit = reads.size ? readSize(request, reads.size.param, reads.size.default, reads.size.max, reads.size.required) : undefined;
  const found = await findRecords(db, decl, user, { where: reads.where, sort: readSort(decl, reads), limit });
  const kept = reads.except ? found.filter((r) => !inState(r, reads.except)) : found;
  if (reads.shape === 'tree') return nestRecords(decl, kept);
  return kept.map((r) => pick(r, reads.fields));
}

/**
 * The declaration's `api.extra` calls that carry `reads`: registered here, behind the list's key (or any
 * login, or none), each with its request schema (the size parameter of a top-N call).
 */
export function registerExtraReads(app: FastifyInstance, decl: ResourceDecl): void {
  for (const call of Object.values(decl.api.extra ?? {})) {
    const reads = call.reads;
    if (!reads) continue;
    const config: FastifyContextConfig = reads.who === 'public' ? { public: true } : reads.who === 'staff' ? {} : { permission: reads.who === 'get' ? decl.permissions.get : decl.permissions.list };
    const schema = reads.size
      ? describeInput({ either: { [reads.size.param]: ['integer', `条数${reads.size.required ? '（必填）' : ''}，最多${reads.size.max}`] } })
      : reads.shape === 'linked' ? describeInput({ either: { [reads.key ?? decl.idField]: ['integer', `${decl.label}ID（必填）`] } }) : NO_INPUT;
    app.route({
      method: call.method ?? 'POST',
      url: call.path,
      schema,
      attachValidation: true,
      config,
      handler: async (request) => ok(await answerRead(app, decl, reads, reads.who === 'public' ? systemUser : currentUser(request), request)),
    });
  }
}
