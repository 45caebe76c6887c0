import type { WhereData } from '../behaviour';

/**
 * A declared read of the entity's records beside its list call (part of resources/types.ts, split for size):
 * what the portal publishes (领导信箱's 已公开信件, 通知's 公开通知, 建议征集's 已答复建议) or a staff top list
 * (最新信件). The generic route answers it from the declaration (server/crud/reads.ts): the records matching
 * `where` (and the caller's data scope when `scoped`), searched by `filters`, in `sort`, with only `fields`.
 */
export interface ReadDecl {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  /** The key a caller must hold; none: a public call (no login) of the portal. */
  readonly permission?: string;
  /** `page` (default): the page shape with paging; `array`: the first `limit` records; `one`: the record `id` names (1003 when none matches). */
  readonly shape?: 'page' | 'array' | 'one';
  /** Which records are readable at all (published, public). */
  readonly where?: WhereData;
  /** The caller's data scope applies (a staff read). */
  readonly scoped?: boolean;
  /** Search values the call takes: `param` when the spec names it otherwise than the field (`type` for boxType). */
  readonly filters?: readonly ReadFilterDecl[];
  /** The order, the first entry first (the id last for a stable page). */
  readonly sort: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  /** The fields answered, in order: nothing else of the record leaves the server. */
  readonly fields: readonly string[];
  /** An `array` read's fixed length (default 10)… */
  readonly limit?: number;
  /** …or the caller's, named `param` (its default and cap; the same names as the `api.extra` reads' `size`). */
  readonly size?: { readonly param: string; readonly default: number; readonly max: number };
  /** Enum fields answered with their label as `<field>Name` too (`status` → `statusName`; '' for no value). */
  readonly labels?: readonly string[];
  /** Values answered masked: `name` keeps the first character (张三 → 张*, 欧阳修 → 欧**). */
  readonly masks?: Readonly<Record<string, 'name'>>;
  /**
   * A search carrying this parameter is a citizen's lookup of his own record instead: the public operation
   * `op` answers it (declared in `publicOps` at the same path, run by the behaviour file; 建议征集's `queryCode`).
   */
  readonly lookup?: { readonly param: string; readonly op: string };
}

export interface ReadFilterDecl {
  readonly field: string;
  /** `eq` takes the value as the field stores it; `like` a text the field contains. */
  readonly op: 'eq' | 'like';
  readonly param?: string;
}
