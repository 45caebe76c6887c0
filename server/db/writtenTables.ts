import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Kysely } from 'kysely';
import { noteWrite } from './lanes.js';

/** The table a table reference names (`t`, `s.t`, `t as a`). */
function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

const RAW_WRITE = /\b(insert|update|delete|truncate|merge|replace|alter|drop)\b/i;

/** The tables a statement writes; ['*'] for raw text that may write (it is not parsed). */
export function tablesWritten(node: RootOperationNode): string[] {
  const n = node as unknown as Record<string, unknown>;
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName(n.into as OperationNode)].filter((t): t is string => !!t);
    case 'UpdateQueryNode':
      return [tableName(n.table as OperationNode)].filter((t): t is string => !!t);
    case 'DeleteQueryNode':
      return ((n.from as { froms: OperationNode[] }).froms ?? []).map(tableName).filter((t): t is string => !!t);
    case 'RawNode':
      return RAW_WRITE.test(((n.sqlFragments as readonly string[]) ?? []).join(' ')) ? ['*'] : [];
    case 'SelectQueryNode':
      return [];
    default:
      return ['*'];
  }
}

/**
 * Notes, for the running request, the tables its statements write (lanes.ts `requestWrote`): a value kept per
 * cache counter may then serve a write too, until the request writes what the value is made of
 * (keptPerCounter.ts). Statements outside a request note nothing.
 */
export class WrittenTablesPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    for (const t of tablesWritten(node)) noteWrite(t);
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

/** True when statements through `db` (and its transactions) are noted. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const notesWrites = (db: Kysely<any>): boolean => db.getExecutor().plugins.some((p) => p instanceof WrittenTablesPlugin);
