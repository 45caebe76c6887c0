import type { WhereData } from '../behaviour';

/**
 * A read call beside the list that the generic routes answer from the declaration (`reads` on an `api.extra`
 * entry; server/crud/extraReads.ts), over the records the caller reaches (access, data scope), in one of
 * three shapes. 部门's tree and flat lists, the public department lists, 敏感词's most hit words and counts
 * per type, 热词's public words, 密码规则's whole list.
 */
export interface ExtraReadDecl {
  /**
   * `array`: the records, in `sort` (default the list's sort and `thenBy`); `tree`: the same records nested
   * under their parents (a declaration with `tree`); `counts`: one `{ value, label, count }` per option of
   * `field`, in the options' order; `record`: a singleton's one record, its empty values the declared
   * defaults (站点设置's public subset); `linked`: one record's ids of a declared link (角色's menu grants).
   */
  readonly shape: 'array' | 'tree' | 'counts' | 'record' | 'linked';
  /** For `linked`: the ids one record (its id under `key`, default the idField) holds through the declared `link`, ascending. */
  readonly link?: string;
  readonly key?: string;
  /** Fixed values the records have (`{ state: 0 }`; an array is "one of"). */
  readonly where?: WhereData;
  /** Records with these values are left out (`{ parentId: 0 }`: no top level). */
  readonly except?: WhereData;
  /** Only these fields are answered (a public list answers names, not phones). */
  readonly fields?: readonly string[];
  readonly sort?: readonly { readonly field: string; readonly order: 'ASC' | 'DESC' }[];
  /** A top-N call: the parameter naming N, its default and cap; `required` answers 1001 without it. */
  readonly size?: { readonly param: string; readonly default: number; readonly max: number; readonly required?: boolean };
  /** For `counts`: the enum field counted. */
  readonly field?: string;
  /**
   * Who may call: the list's permission key (default); `get`: the get key (one record's values); `staff`:
   * anyone logged in (pickers of other screens); `public`: no login (the public site), read as the system.
   */
  readonly who?: 'get' | 'staff' | 'public';
}
