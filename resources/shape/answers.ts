/**
 * A value answered with a record, read from other tables by the generic machinery (server/crud/answers.ts),
 * for any entity: the declaration's `answers`. Nothing is stored; a save's value under the name is not
 * written (declare the name as an `answered` field when a list or show view shows it). Exactly one source:
 * - `title`: the title (titleField) of the record a field of this one names — the field's `reference`
 *   entity, or `entity` (用户's 所属部门 `deptName` from `deptId`; 部门's `parentName` from `parentId`); null
 *   when blank or gone;
 * - `count`: how many rows of `table` hold this record's id in `key` (部门's users and sub-departments);
 * - `link`: the declared link's ids, ascending (`value: 'ids'`, the default), the linked records' titles in
 *   the same order (`'titles'`), those joined by 、 (`'joined'`), or the first id, null for none (`'first'`):
 *   用户's `roleIds`, `roleNames`, `roleName`, `roleId`.
 * `at: 'get'` answers it on the get call only (the detail view); default every answer (lists, reads, the
 * get, a save's answer, the local API's `find`), read in one query per source for a whole page.
 */
export interface AnswerDecl {
  readonly name: string;
  readonly at?: 'all' | 'get';
  readonly title?: string;
  readonly entity?: string;
  readonly count?: { readonly table: string; readonly key: string };
  readonly link?: string;
  readonly value?: 'ids' | 'titles' | 'joined' | 'first';
}
