// Many-to-many links declared on an entity (issue 19); run by server/crud/links.ts.
import type { LinkOptions } from './linkOptions';

/**
 * A many-to-many link kept in a link table (角色 ↔ 菜单 in role_resources): `table` holds `(from, to)` pairs,
 * `from` this record's key, `to` a key of the declared `entity`. The get call answers the linked ids under
 * `name` (ascending); a save whose body carries `name` (an array, a comma list or one id) replaces the links
 * in the record's transaction (an id of no such record refuses the whole save: 1002 `missing`); a delete
 * removes the record's links. `where`: fixed columns of the rows this link owns, so several links share
 * one table (通知's targets in notice_target: `targetType` 'dept' or 'user').
 */
export interface LinkDecl extends LinkOptions {
  readonly name: string;
  readonly label: string;
  readonly table: string;
  readonly from: string;
  readonly to: string;
  readonly entity: string;
  readonly missing: string;
  readonly where?: Readonly<Record<string, string | number>>;
}
