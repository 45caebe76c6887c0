/**
 * `marks` (part of resources/types.ts, split for size; docs/extending.md "Session 27: 报送 and 栏目"): the
 * entity's table marks records of another entity by their id (信息报送's `article_report` marks the articles
 * saved from the reporting app). Its records are that entity's marked records: the generic routes
 * (server/crud/marks.ts) answer its list calls and its delete from that entity through the local API, so that
 * entity's filters, listWhere hooks, access, data scope and delete hooks run; its get is that entity's own get
 * call (the same path, registered once, by that entity).
 */
export interface MarksDecl {
  /** The marked entity: this table's id field holds its ids. */
  readonly entity: string;
  /** Search values the caller may not send to the lists (文章's review queue `todo`: only a list's `search` sets it). */
  readonly ignore?: readonly string[];
  /** The marked entity's sort field when the caller names none (newest change first: `updateTime`). */
  readonly sortField?: string;
  /**
   * More lists over the marked records, by their `api.extra` name (the declaration's list call is always one):
   * its permission key, `mine` — only the caller's own (the marked entity's ownership creator), whatever his
   * data scope — and `search`, values the call sets (a review queue).
   */
  readonly lists?: Readonly<Record<string, MarkedList>>;
  /** The delete call (`api.delete`): how it reads its ids, what refuses them. */
  readonly delete?: MarkedDelete;
}

export interface MarkedList {
  readonly permission: string;
  readonly mine?: true;
  readonly search?: Readonly<Record<string, unknown>>;
}

export interface MarkedDelete {
  /** The names the ids come under, the first given counts (body, then query): an array or a comma list. */
  readonly ids: readonly string[];
  /** At most this many at once: 1002 `message`. */
  readonly max: { readonly count: number; readonly message: string };
  /** 1003 when one is not marked or not in the caller's reach to delete. */
  readonly missing: string;
  /** A key of the marked entity the caller needs too (its own delete key): 1005 `refusal` without it. */
  readonly needs?: { readonly key: string; readonly refusal: string };
}
