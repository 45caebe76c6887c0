// More of a declared many-to-many link (resources/relations/links.ts; session 27, 论坛版块's moderating roles).

export interface LinkOptions {
  /** A column of the link table set to the write time on each new link row (`plate_role.createTime`). */
  readonly stamp?: string;
  /**
   * `false`: the get call does not answer the linked ids under `name` (the record's answer stays as it was;
   * `answers` or a `linked` read give them where wanted). Saves and deletes keep the links as ever.
   */
  readonly answered?: false;
}
