import type { FastifyRequest } from 'fastify';
import type { ResourceDecl } from '../../../resources/types.js';
import { dynamic, type Db, type Row } from '../../db/types.js';
import type { PortalUser } from '../../http/fastifyTypes.js';
import { systemUser } from '../entity/runtime.js';
import { answerRead } from './answer.js';

/**
 * A declared read answered to server code, as its call would answer (the same query, order, size and fields):
 * the declaration's `reads` entry or `api.extra` call of that name, with `search` as the call's values, as the
 * system unless a user is given. The site generation's hot words are 热词's public `webList` (session 27).
 */
export async function answerDeclaredRead(db: Db, decl: ResourceDecl, name: string, search: Row = {}, user: PortalUser = systemUser): Promise<unknown> {
  const read = decl.reads?.find((r) => r.name === name) ?? decl.api.extra?.[name]?.reads;
  if (!read) throw new Error(`resources/${decl.name}.ts declares no read ${name}`);
  const request = { query: { ...search }, body: {}, params: {} } as unknown as FastifyRequest;
  return answerRead(dynamic(db), decl, read, user, request);
}
