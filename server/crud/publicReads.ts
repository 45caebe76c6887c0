import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicReadDecl, ResourceDecl } from '../../resources/types.js';
import { dynamic } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { notFoundRecord } from '../http/errors.js';
import { readId, readSize } from '../http/params.js';
import { describeInput, ID, NO_INPUT, type InputFields } from '../http/routeInput.js';
import { findRecords } from './entity/localApi.js';
import { systemUser } from './entity/runtime.js';

const pick = (read: PublicReadDecl, row: Record<string, unknown>) => Object.fromEntries(read.fields.map((k) => [k, row[k] ?? null]));

/** What the read takes: an array's size, the one record's `id` (the query first, then the body; a GET only the query). */
function readInput(read: PublicReadDecl) {
  const size = read.size;
  const fields: InputFields = read.shape === 'one' ? { id: ID } : size ? { [size.param]: ['integer', `条数，默认${size.default}，最多${size.max}`] } : {};
  if (!Object.keys(fields).length) return NO_INPUT;
  return describeInput(read.method === 'GET' ? { query: fields } : { either: fields });
}

/** The answer of one public read (PublicReadDecl): as the system, over the public records only. */
async function answer(app: FastifyInstance, decl: ResourceDecl, read: PublicReadDecl, request: FastifyRequest) {
  const db = dynamic(app.db);
  if (read.shape === 'one') {
    const [row] = await findRecords(db, decl, systemUser, { where: { ...read.where, [decl.idField]: readId(request) }, limit: 1 });
    if (!row) throw notFoundRecord();
    return ok(pick(read, row));
  }
  const size = read.size;
  const limit = size ? readSize(request, size.param, size.default, size.max) : undefined;
  return ok((await findRecords(db, decl, systemUser, { where: read.where, sort: read.sort, limit })).map((r) => pick(read, r)));
}

/** The declared public reads, each at its path and its `alsoAt` paths, with its request schema. */
export function registerPublicReads(app: FastifyInstance, decl: ResourceDecl): void {
  for (const read of decl.publicReads ?? []) {
    for (const url of [read.path, ...(read.alsoAt ?? [])]) {
      app.route({
        method: read.method ?? 'POST',
        url,
        schema: { ...readInput(read), summary: `${decl.label}：${read.label}`, tags: [decl.label] },
        attachValidation: true,
        config: { public: true },
        handler: (request) => answer(app, decl, read, request),
      });
    }
  }
}
