import { findExtraCall } from '../resources/declaredCalls';
import type { FieldDecl, ResourceDecl } from '../resources/types';
import type { HttpClient } from './types';

type AnyRecord = Record<string, unknown>;

/**
 * Fills the `pageCall` fields of one list page (FieldDecl.pageCall): one call per declared call with the
 * page's ids, each field taken from the answered row of the same key, `fallback` when the row is absent or
 * the call refuses (silently: the page itself was answered). 用户's 发文数 (`/ding/user/articleNum`).
 */
export async function withPageCalls(http: HttpClient, decl: ResourceDecl, records: readonly AnyRecord[]): Promise<AnyRecord[]> {
  const fields = decl.fields.filter((f): f is FieldDecl & { pageCall: NonNullable<FieldDecl['pageCall']> } => !!f.pageCall);
  const out = records.map((r) => ({ ...r }));
  if (!fields.length || !out.length) return out;
  const ids = out.map((r) => r[decl.idField]).filter((id) => id !== undefined && id !== null);
  const calls = [...new Set(fields.map((f) => `${f.pageCall.call}\u0000${f.pageCall.idsParam}`))];
  await Promise.all(
    calls.map(async (pair) => {
      const [name = '', idsParam = ''] = pair.split('\u0000');
      const mine = fields.filter((f) => f.pageCall.call === name && f.pageCall.idsParam === idsParam);
      const call = findExtraCall(decl, name);
      let rows: unknown = [];
      if (call) {
        const get = call.method === 'GET';
        rows = await http
          .request<unknown>({ path: call.path, method: call.method, ...(get ? { query: { [idsParam]: ids.join(',') } } : { body: { [idsParam]: ids } }), silent: true })
          .catch(() => []);
      }
      const list = Array.isArray(rows) ? (rows as AnyRecord[]) : [];
      for (const f of mine) {
        const key = f.pageCall.key ?? decl.idField;
        const byKey = new Map(list.map((row) => [String(row[key]), row]));
        for (const record of out) {
          const hit = byKey.get(String(record[decl.idField]))?.[f.name];
          record[f.name] = hit !== undefined && hit !== null ? hit : (f.pageCall.fallback ?? null);
        }
      }
    }),
  );
  return out;
}
