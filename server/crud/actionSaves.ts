import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inState, type RecordData } from '../../resources/behaviour.js';
import type { ActionEditDecl } from '../../resources/shape/actionSaves.js';
import type { ActionDecl, ResourceDecl } from '../../resources/types.js';
import type { DynamicDb as Db, Row } from '../db/types.js';
import { PortalError } from '../http/errors.js';
import { currentUser, type PortalUser } from '../http/fastifyTypes.js';
import { bodyOf, firstId, queryOf } from '../http/params.js';
import { settleSchemaRefusal } from '../http/validation.js';
import { checkActionInput } from './actions.js';
import { enriched, hookContext, readOut } from './behaviour.js';
import type { ActionRun } from './entity/types.js';
import { withoutMasked } from './personal.js';
import { actionRouteSchema } from './schema/actionSchema.js';
import { crudRouteSchemas, saveBodySchema, type RouteSchema } from './schema/routeSchemas.js';
import { actionRecords, createRecord, inTransaction } from './service.js';
import { saveAnswer } from './singleton.js';
import { validateRecord } from './validate.js';

/**
 * The call a write came by, beside its values (a Symbol key: no JSON body carries one): an action's name for
 * its `creates` route, the `edits` name for a generic edit-then-run. The entity's hooks read it (文章's 管理员发布).
 */
export const SAVED_VIA = Symbol('savedVia');
export const savedVia = (data: RecordData): string | undefined => (data as Record<symbol, unknown>)[SAVED_VIA] as string | undefined;

/** The record as a save answers it (virtual fields, the enrich hooks), read in the write's transaction. */
async function readBack(trx: Db, decl: ResourceDecl, user: PortalUser, id: number): Promise<Row> {
  const row = (await trx.selectFrom(decl.table).selectAll().where(decl.idField, '=', id).executeTakeFirstOrThrow()) as Row;
  const [record = row] = await enriched(decl, hookContext(trx, decl, user), [readOut(decl, user, row)]);
  return record;
}

/**
 * The action's edit-then-run (`edits`): the action's inputs checked as on its own route (by the run itself with
 * `writes: 'run'`), the record in the caller's reach for the action and in its `when` states; then the generic update as the caller and the
 * run — or, with `writes: 'run'`, the run alone with the values as `edit` — in one transaction. Answers the
 * record as it stands after (the route answers it as the update call does: the `afterSave` hooks).
 */
export async function editThenRun(db: Db, decl: ResourceDecl, action: ActionDecl, edit: ActionEditDecl, user: PortalUser, query: RecordData, sent: RecordData): Promise<{ values: RecordData; record: Row }> {
  const values = withoutMasked(decl, sent);
  const id = firstId(query, values, edit.idParams ?? [decl.idField, 'id']);
  const body: RecordData = { ...query, ...values };
  // `writes: 'run'`: the run checks the inputs itself (文章's opinion under `opinion`, `remark` or `reason`).
  if (edit.writes !== 'run') Object.assign(body, checkActionInput(decl, action, body));
  const run = action.run as ActionRun;
  const record = await inTransaction(db, async (trx) => {
    const reach = () => actionRecords(trx, decl, user, [id], action.name);
    const records = await reach();
    if (!records.every((r) => inState(r, action.when))) throw new PortalError(1005, action.refusal ?? '该记录当前状态不允许此操作');
    const ctx = hookContext(trx, decl, user);
    if (edit.writes === 'run') await run({ records, body, ctx, edit: { values, via: edit } });
    else {
      await ctx.api.update(decl.name, id, { ...values, [SAVED_VIA]: edit.name });
      await run({ records: await reach(), body, ctx });
    }
    return readBack(trx, decl, user, id);
  });
  return { values, record };
}

/** A route of its own, answered as plain JSON (no response schema: the record's values as they come). */
function saveRoute(app: FastifyInstance, url: string, schema: RouteSchema, permission: string, invalidInput: (request: FastifyRequest) => unknown, handler: (request: FastifyRequest) => Promise<unknown>) {
  const { response: _answer, ...described } = schema;
  app.route({ method: 'POST', url, schema: described, attachValidation: true, config: { permission, invalidInput }, handler: async (request) => {
    settleSchemaRefusal(request);
    return handler(request);
  } });
}

/**
 * The declared actions that are saves: `creates` — the generic create at the action's path behind its key, the
 * hooks told by `savedVia` — and `edits` — the action also at another path with the record's field values.
 */
export function registerActionSaves(app: FastifyInstance, decl: ResourceDecl): void {
  for (const action of decl.actions ?? []) {
    if (action.creates) {
      const schema = { ...crudRouteSchemas(decl).create, summary: `${decl.label}：${action.label}`, 'x-permission': action.permission };
      saveRoute(app, action.path, schema, action.permission, (request) => validateRecord(decl, bodyOf(request), 'create'), async (request) => {
        const user = currentUser(request);
        const body = withoutMasked(decl, bodyOf(request));
        const record = await createRecord(app.db, decl, user, { ...body, [SAVED_VIA]: action.name });
        return saveAnswer(app.db, decl, user, 'create', body, record, action.success ?? '新增成功');
      });
    }
    const edit = action.edits;
    if (!edit) continue;
    if (typeof action.run !== 'function') throw new Error(`resources/${decl.name}.ts: 动作 ${action.name} 声明了 edits，但没有 run`);
    // The record's key, the action's inputs and the update's fields.
    const { body: inputs, ...base } = actionRouteSchema(decl, { ...action, scope: 'none' });
    const fields = saveBodySchema(decl, 'update');
    const keys = Object.fromEntries((edit.idParams ?? [decl.idField, 'id']).map((name) => [name, { type: ['integer', 'string', 'null'], description: '记录ID' }]));
    const properties = { ...(fields.properties as object), ...keys, ...(inputs as { properties: object }).properties };
    const schema: RouteSchema = { ...base, summary: `${decl.label}：${edit.label}`, body: { ...fields, properties } };
    saveRoute(app, edit.path, schema, action.permission, (request) => {
      firstId(queryOf(request), bodyOf(request), edit.idParams ?? [decl.idField, 'id']);
      validateRecord(decl, bodyOf(request), 'update');
    }, async (request) => {
      const user = currentUser(request);
      const { values, record } = await editThenRun(app.db, decl, action, edit, user, queryOf(request), bodyOf(request));
      return saveAnswer(app.db, decl, user, 'update', values, record, edit.success ?? '操作成功');
    });
  }
}
