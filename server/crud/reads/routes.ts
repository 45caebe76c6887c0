import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';
import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import { dynamic } from '../../db/types.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { isBlank } from '../../http/params.js';
import { describeInput, NO_INPUT, NO_QUERY, PAGING, type InputFields } from '../../http/routeInput.js';
import { systemUser } from '../entity/runtime.js';
import { runPublicOp } from '../publicOps.js';
import { answerRead } from './answer.js';
import { oneIdInput } from './detail.js';
import { optionInput } from './options.js';
import { searchOf } from './records.js';
import { readSearchInput } from './search.js';
import { oneInput, pathInput } from './one.js';

/**
 * The routes of declared reads (resources/shape/reads.ts; docs/extending.md): the declaration's `reads`, each
 * at its path and `alsoAt` paths, and the `api.extra` calls that carry `reads`, each with its request schema.
 */

/** Where the read is declared: its path, method and label, and whether it is one of the declaration's own `reads`. */
interface ReadAt {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly label: string;
  readonly own: boolean;
}

const opOf = (decl: ResourceDecl, name: string | undefined) => decl.publicOps?.find((o) => o.name === name);

/** Who may call: a key of its own, or `who`; else public for the declaration's own reads, the list key on an `api.extra` call. */
function accessOf(decl: ResourceDecl, read: ExtraReadDecl, own: boolean): FastifyContextConfig {
  if (read.permission) return { permission: read.permission };
  if (read.who === 'public' || (!read.who && own)) return { public: true };
  if (read.who === 'staff') return {};
  return { permission: read.who === 'get' ? decl.permissions.get : decl.permissions.list };
}

/** What a read takes, for its request schema (descriptive: the handler's checks answer). */
function readInput(decl: ResourceDecl, read: ExtraReadDecl, method: ReadAt['method'], url: string): FastifySchema {
  const fields: Record<string, InputFields[string]> = { ...readSearchInput(read) };
  for (const f of read.filters ?? []) {
    const label = decl.fields.find((d) => d.name === f.field)?.label ?? f.field;
    fields[f.param ?? f.field] = [f.op === 'like' ? 'string' : 'text', f.op === 'like' ? `${label}（包含）` : label];
  }
  const shape = read.shape ?? 'page';
  if (shape === 'one') Object.assign(fields, oneIdInput(decl, read));
  const link = decl.links?.find((l) => l.name === read.link);
  if (shape === 'linked') fields[read.key ?? decl.idField] = ['integer', `${read.reverse ? (link?.label ?? read.key) : decl.label}ID（必填）`];
  if (shape === 'groups' && read.groups?.param) fields[read.groups.param] = ['string', `分组键（${read.groups.key}，必填）`];
  const size = read.size;
  if (size) fields[size.param] = ['integer', `条数${size.required ? '（必填）' : `，默认${size.default}`}，最多${size.max}`];
  if (shape === 'page') Object.assign(fields, PAGING);
  optionInput(read, fields);
  oneInput(decl, read, fields);
  if (read.lookup) {
    for (const f of opOf(decl, read.lookup.op)?.input ?? []) fields[f.name] = ['string', f.label];
  }
  const inPath = pathInput(url, fields);
  if (inPath) return inPath;
  // A GET that reads nothing: an empty query (a body schema on a GET stops the start).
  if (!Object.keys(fields).length) return method === 'GET' ? NO_QUERY : NO_INPUT;
  return describeInput(method === 'GET' ? { query: fields } : { either: fields });
}

function registerRead(app: FastifyInstance, decl: ResourceDecl, read: ExtraReadDecl, at: ReadAt): void {
  const lookup = read.lookup ? opOf(decl, read.lookup.op) : undefined;
  if (read.lookup && !lookup) throw new Error(`${decl.name}: 读取 ${at.label} 的 lookup 没有公众操作 ${read.lookup.op}`);
  const config = accessOf(decl, read, at.own);
  app.route({
    method: at.method,
    url: at.url.replace(/\{(\w+)\}/g, ':$1'),
    schema: { ...readInput(decl, read, at.method, at.url), summary: `${decl.label}：${at.label}`, tags: [decl.label] },
    attachValidation: true,
    config,
    handler: async (request) => {
      if (lookup && !isBlank(searchOf(request)[read.lookup!.param])) return runPublicOp(app, decl, lookup, request);
      return ok(await answerRead(dynamic(app.db), decl, read, config.public ? systemUser : currentUser(request), request));
    },
  });
}

/** The routes of the declaration's reads: its own `reads`, then its `api.extra` calls with `reads`. */
export function registerReadRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  for (const read of decl.reads ?? []) {
    for (const url of [read.path, ...(read.alsoAt ?? [])]) registerRead(app, decl, read, { url, method: read.method ?? 'POST', label: read.label, own: true });
  }
  for (const call of Object.values(decl.api.extra ?? {})) {
    if (call.reads) registerRead(app, decl, call.reads, { url: call.path, method: call.method ?? 'POST', label: call.label, own: false });
  }
}
