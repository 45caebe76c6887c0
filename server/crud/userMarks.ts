import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Hooks } from '../../resources/behaviour.js';
import type { UserMarkDecl } from '../../resources/shape/userMarks.js';
import type { ResourceDecl } from '../../resources/types.js';
import { dynamic } from '../db/types.js';
import { ok } from '../http/envelope.js';
import { notFoundRecord } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { isBlank, param, readId, readIds } from '../http/params.js';
import { describeInput, IDS } from '../http/routeInput.js';
import { formatDateTime } from '../util/time.js';
import { findRecords } from './entity/localApi.js';
import type { EntityContext } from './entity/types.js';
import { inTransaction } from './service.js';

/** A declaration's `userMarks` (resources/shape/userMarks.ts): a caller's own mark on records, set on one call. */

/** The ids a call names: the list under `ids`, else one id under the first of `id` given. */
function markedIds(request: FastifyRequest, mark: UserMarkDecl): number[] {
  if (!isBlank(param(request, mark.ids))) return readIds(request, mark.ids);
  return [readId(request, mark.id.find((name) => !isBlank(param(request, name))) ?? mark.id[mark.id.length - 1]!)];
}

/** A deleted record's marks go with it (a beforeDelete hook, run after the entity's own: server/crud/entity/attach.ts). */
export function userMarkHooks(decl: ResourceDecl): Hooks {
  return {
    beforeDelete: [
      async ({ records, ctx }) => {
        const ids = records.map((r) => r[decl.idField]);
        for (const mark of decl.userMarks ?? []) await (ctx as EntityContext).trx.deleteFrom(mark.table).where(mark.key, 'in', ids).execute();
      },
    ],
  } as Hooks;
}

export function registerUserMarks(app: FastifyInstance, decl: ResourceDecl): void {
  for (const mark of decl.userMarks ?? []) {
    const schema = describeInput({ either: { [mark.ids]: IDS, ...Object.fromEntries(mark.id.map((name) => [name, ['integer', `${decl.label}ID`] as const])) } });
    app.post(mark.path, { config: { permission: mark.permission }, schema, attachValidation: true }, async (request) => {
      const user = currentUser(request);
      const ids = markedIds(request, mark);
      const db = dynamic(app.db);
      // Only records the caller's list reaches with the mark's search (its listWhere hooks: a reader's own notices).
      const found = await findRecords(db, decl, user, { where: { [decl.idField]: ids }, search: mark.search ?? {}, columns: [decl.idField] });
      if (found.length !== ids.length) throw notFoundRecord();
      const now = formatDateTime();
      await inTransaction(db, async (trx) => {
        for (const id of ids) {
          const seen = await trx.selectFrom(mark.table).select(mark.key).where(mark.key, '=', id).where(mark.user, '=', user.userId).executeTakeFirst();
          if (!seen) await trx.insertInto(mark.table).values({ [mark.key]: id, [mark.user]: user.userId, [mark.at]: now }).execute();
        }
      });
      return ok(null, mark.success);
    });
  }
}
