import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database, Row } from '../../db/types.js';

/**
 * Published articles on one side of `row` in a column's list order (sort, publish time, id: all
 * descending): `before` = shown above it (its position is their count), `after` = below it (the keyset
 * the next chunk of list pages continues from).
 */
export function besideInListOrder(eb: ExpressionBuilder<Database, 'article'>, row: Row, side: 'before' | 'after'): Expression<SqlBool> {
  const [sort, time, id] = [Number(row.sort ?? 0), String(row.publishTime ?? ''), Number(row.articleId)];
  const past = side === 'before' ? '>' : '<';
  return eb.or([
    eb('sort', past, sort),
    eb.and([eb('sort', '=', sort), eb('publishTime', past, time)]),
    eb.and([eb('sort', '=', sort), eb('publishTime', '=', time), eb('articleId', past, id)]),
  ]);
}
