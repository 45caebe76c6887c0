import type { WhereData } from '../behaviour';

/**
 * A top-N call (issue 19, session 25; served by server/crud/topList.ts): an `api.extra` call with `top`
 * answers a plain array of at most `size` records (`size` in the query or body: default `size`, at most
 * `max`, 1002 参数格式不正确：size for anything but a positive integer, 1001 when `required` and absent),
 * those matching `where`, in `sort` order. `public: true` serves citizens without login (公告's
 * `/announcement/getTop`, 热点's `/hot/top`); otherwise the call needs the list key and reads in the
 * caller's reach (access, data scope), as the list does. Records as the list reads them (hooks included).
 */
export interface TopListDecl {
  readonly size: number;
  readonly max: number;
  readonly required?: boolean;
  readonly public?: boolean;
  readonly where?: WhereData;
  readonly sort: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
}
