import type { ActionDecl, ResourceDecl } from '../../../resources/types.js';
import { fieldInput, type JsonSchema } from './fields.js';
import type { RouteSchema } from './routeSchemas.js';

const ID: JsonSchema = { type: ['integer', 'string', 'null'], description: '记录ID（查询参数或请求体）' };
const IDS: JsonSchema = { type: ['array', 'integer', 'string', 'null'], items: { type: ['integer', 'string', 'null'] }, description: '记录ID的数组，或以逗号分隔的字符串' };

/**
 * The request schema of a declared action's route: the record(s) it applies to and its input fields.
 * Nothing is marked required: a blank value is answered by the action's own check, naming the field in
 * Chinese (server/crud/actions.ts), as the dialog does.
 */
export function actionRouteSchema(decl: ResourceDecl, action: ActionDecl): RouteSchema {
  const scope = action.scope ?? 'row';
  const properties: Record<string, JsonSchema> = {};
  if (scope === 'row' || scope === 'both') properties[action.call?.idParam ?? 'id'] = ID;
  if (scope === 'bulk' || scope === 'both') properties.ids = IDS;
  for (const f of action.input ?? []) properties[f.name] = fieldInput(f, false);
  // A link step's names (server/crud/linkSteps.ts): ids, arrays or comma lists.
  for (const name of [...(action.linkStep?.keys ?? []), ...(action.linkStep?.ids ?? [])]) properties[name] ??= IDS;
  // A copy's target (server/crud/actionCopy.ts): the record to copy into, for every copy.
  for (const name of action.copy?.target?.params ?? []) properties[name] ??= ID;
  const values: JsonSchema = { additionalProperties: true, properties };
  const summary = `${decl.label}：${action.label}`;
  const base = { summary, tags: [decl.label], 'x-permission': action.permission };
  return (action.method ?? 'POST') === 'GET' ? { ...base, querystring: { ...values, type: 'object' } } : { ...base, body: values };
}
