import type { FastifyRequest } from 'fastify';
import { writeLog } from '../audit/operationLog.js';
import type { Db, Row } from '../db/types.js';
import { maskRow, SENSITIVE_VIEW_KEY } from './mask.js';

type Fields = { phones?: readonly string[]; ids?: readonly string[] };

/**
 * A detail view's record: phones and ID numbers in full only for a holder of 查看敏感信息, and that view
 * is written to the operation log (who saw whose data); masked for everyone else.
 */
export async function revealOrMask(db: Db, request: FastifyRequest, row: Row, fields: Fields, what: string): Promise<Row> {
  const user = request.portalUser;
  const hasData = [...(fields.phones ?? []), ...(fields.ids ?? [])].some((f) => typeof row[f] === 'string' && row[f] !== '');
  if (!user?.permissions.has(SENSITIVE_VIEW_KEY)) return maskRow(row, fields);
  if (hasData) {
    await writeLog(db, {
      type: 'operation',
      userId: user.userId,
      username: user.username,
      name: user.name,
      ip: request.ip,
      method: request.method,
      path: request.routeOptions.url ?? request.url,
      operation: `查看敏感信息：${what}`,
      success: 1,
      appKey: user.appKey,
    });
  }
  return row;
}

/** Drops masked values a form sent back, so they never overwrite the stored numbers. */
export function dropMasked(body: Row, fields: readonly string[]): Row {
  const out: Row = { ...body };
  for (const f of fields) if (typeof out[f] === 'string' && (out[f] as string).includes('*')) delete out[f];
  return out;
}
