/**
 * A `groups` read (resources/shape/reads.ts `shape: 'groups'`; server/crud/reads/groups.ts) over a table whose
 * records point at a parent (`parent`; 0 or blank: top level): each top-level record is a group named by its
 * `key` field, answered as `{ <key>: its descendants nested }` in the read's sort (a node's `children` only
 * when it has any). With `param`, the call names one group (a required query or body value) and answers that
 * group's nested descendants alone (`[]` when no such group). 数据字典's readers.
 */
export interface GroupsReadDecl {
  readonly parent: string;
  readonly key: string;
  readonly param?: string;
}
