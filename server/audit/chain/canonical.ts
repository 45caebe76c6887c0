import { createHash, createHmac } from 'node:crypto';

/**
 * The fields of an operation-log row that its chain hash covers, in this order. `chainSeq` (the row's
 * place in the chain) is covered, so moving or renumbering rows breaks the chain as well.
 */
export const CHAIN_FIELDS = [
  'chainSeq', 'type', 'userId', 'username', 'name', 'ip', 'method', 'path', 'operation', 'params',
  'httpStatus', 'resultCode', 'resultMsg', 'success', 'durationMs', 'appKey', 'userAgent', 'createTime',
] as const;

const NUMERIC = new Set<string>(['chainSeq', 'userId', 'httpStatus', 'success', 'durationMs']);

/** The hash the chain starts from (genesis) when no row is chained yet. */
export const GENESIS_HASH = createHash('sha256').update('county-portal operation log genesis').digest('hex');

/**
 * The row as one JSON array in CHAIN_FIELDS order: null for a missing value, numbers for the numeric
 * columns, text otherwise. The same on SQLite and PostgreSQL, as written and as read back.
 */
export function canonicalRow(row: Record<string, unknown>): string {
  return JSON.stringify(
    CHAIN_FIELDS.map((f) => {
      const v = row[f];
      if (v === undefined || v === null) return null;
      return NUMERIC.has(f) ? Number(v) : String(v);
    }),
  );
}

/**
 * The row's link: SHA-256 of the previous link and the canonical row. With LOG_CHAIN_KEY set it is an
 * HMAC under that key, so somebody with database access alone cannot re-compute a rewritten chain.
 */
export function linkHash(prevHash: string, row: Record<string, unknown>, key = process.env.LOG_CHAIN_KEY): string {
  const h = key ? createHmac('sha256', key) : createHash('sha256');
  return h.update(prevHash).update('\n').update(canonicalRow(row)).digest('hex');
}
