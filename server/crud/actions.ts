import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inState, type RecordData } from '../../resources/behaviour.js';
import type { ActionDecl, ResourceDecl } from '../../resources/types.js';
import { ok } from '../http/envelope.js';
import { invalidValue, missingParam, PortalError } from '../http/errors.js';
import { currentUser } from '../http/fastifyTypes.js';
import { bodyOf, queryOf, readId, readIds } from '../http/params.js';
import { settleSchemaRefusal } from '../http/validation.js';
import { hookContext } from './behaviour.js';
import type { DynamicDb as Db } from '../db/types.js';
import type { PortalUser } from '../http/fastifyTypes.js';
import { actionRecords, inTransaction } from './service.js';
import { actionRouteSchema } from './schema/actionSchema.js';
import { isBlank, validateRecord } from './validate.js';

/** The ids, unless more than the action's `most`. */
function mostOf(action: ActionDecl, ids: number[]): number[] {
  if (action.most && ids.length > action.most.count) throw invalidValue(action.most.message);
  return ids;
}

/** The ids an action applies to: `id` for a row action, `ids` for a bulk one, either for `both`, none for `none`. */
function targetIds(request: FastifyRequest, action: ActionDecl): number[] {
  const scope = action.scope ?? 'row';
  // One record's key under the spec's name when the action declares one (会员 puPeopleId).
  // (`id` is still taken when it is absent.)
  const input = { ...queryOf(request), ...bodyOf(request) };
  const idParam = action.call?.idParam && (!isBlank(input[action.call.idParam]) || isBlank(input.id)) ? action.call.idParam : 'id';
  if (scope === 'none') return [];
  if (scope === 'row') return [readId(request, idParam)];
  if (scope === 'bulk') return mostOf(action, readIds(request));
  return input.ids !== undefined ? readIds(request) : [readId(request, idParam)];
}

/** What a `run` may answer when its message depends on the run (已转办至县教育局, 冻结成功 / 解冻成功): the data and the message. */
export class ActionAnswer {
  constructor(
    readonly data: unknown,
    readonly message: string,
  ) {}
}

/**
 * The values the action asks for (`action.input`), checked by the field rules. A missing one is named by its
 * label (缺少必填参数：答案): these are typed in a dialog, and the person reads the message there.
 */
export function checkActionInput(decl: ResourceDecl, action: ActionDecl, body: RecordData): RecordData {
  if (!action.input?.length || action.inputChecks === 'run') return {};
  for (const f of action.input) if (f.required && isBlank(body[f.name])) throw f.missingMessage ? new PortalError(1001, f.missingMessage) : missingParam(f.label);
  return validateRecord({ ...decl, fields: action.input }, body, 'create');
}

/**
 * One run of a declared action (its HTTP route and the local API's runAction): the records read in the
 * caller's scope must all be in an allowed state; `run` gets them, the body and the context, in one transaction.
 */
export async function runDeclaredAction(db: Db, decl: ResourceDecl, action: ActionDecl, user: PortalUser, ids: number[], body: RecordData): Promise<unknown> {
  const run = action.run;
  if (typeof run !== 'function') throw new Error(`action ${action.name} has no run`);
  Object.assign(body, checkActionInput(decl, action, body));
  return inTransaction(db, async (trx) => {
    const records = await actionRecords(trx, decl, user, ids, action.name);
    if (!records.every((r) => inState(r, action.when))) throw new PortalError(1005, action.refusal ?? '该记录当前状态不允许此操作');
    return run({ records, body, ctx: hookContext(trx, decl, user) });
  });
}

/**
 * The declared actions that carry `run`: each at its path and method behind its permission key; the
 * records it names are read in the caller's scope and must be in an allowed state; all in one transaction.
 */
export function registerActionRoutes(app: FastifyInstance, decl: ResourceDecl): void {
  for (const action of decl.actions ?? []) {
    if (!action.run) continue;
    if (action.run === true) throw new Error(`resources/${decl.name}.ts: 动作 ${action.name} 声明 run: true，但 server/entities/ 中没有 ${decl.name} 的该动作`);
    // The action's own path, then its aliases (`alsoAt`): the same run with the values the server sets. A key an
    // alias sets is the server's on every path: the caller's own value is dropped (论坛主题's `family`).
    const serverKeys = new Set((action.alsoAt ?? []).flatMap((a) => Object.keys(a.values)));
    for (const at of [{ path: action.path, values: {}, republish: action.republish }, ...(action.alsoAt ?? [])]) {
      app.route({
        method: action.method ?? 'POST',
        url: at.path,
        // The schema describes the call (OpenAPI); when it refuses, the action's own checks answer in Chinese.
        schema: actionRouteSchema(decl, action),
        attachValidation: true,
        config: { permission: action.permission, ...(at.republish && decl.republish?.length ? { republish: decl.republish } : {}), invalidInput: (request) => void checkActionInput(decl, action, { ...queryOf(request), ...bodyOf(request) }) },
        handler: async (request) => {
          settleSchemaRefusal(request);
          const sent = Object.entries({ ...queryOf(request), ...bodyOf(request) }).filter(([k]) => !serverKeys.has(k));
          const body = { ...Object.fromEntries(sent), ...at.values };
          const result = await runDeclaredAction(app.db, decl, action, currentUser(request), targetIds(request, action), body);
          if (result instanceof ActionAnswer) return ok(result.data ?? null, result.message);
          return ok(result ?? null, action.success ?? '操作成功');
        },
      });
    }
  }
}
