import type { FastifySchema } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { declaredInput, describeInput, IDS, NO_QUERY } from '../../../http/routeInput.js';

/** A column save reads its fields from the query string (spec part 2), a JSON body as well: both described. */
function queryOrBody(schema: FastifySchema): FastifySchema {
  return { ...schema, querystring: { ...(schema.body as object), type: 'object' } };
}

/** What each column route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function columnInputs(decl: ResourceDecl) {
  return {
    list: describeInput({ query: { categoryTitle: ['string', '栏目名称（包含）'] } }),
    none: NO_QUERY,
    get: describeInput({ path: { id: ['integer', '栏目ID'] } }),
    save: queryOrBody(declaredInput(decl, 'create')),
    edit: queryOrBody(declaredInput(decl, 'update')),
    del: describeInput({ either: { ids: IDS } }),
    roleList: describeInput({ query: { roleId: ['integer', '角色ID（必填）'] } }),
    roleSave: describeInput({
      body: {
        categoryIds: ['ids', '授权的栏目ID：数组或以逗号分隔；空数组为取消全部'],
        categoryIdList: ['ids', '栏目ID（同 categoryIds）'],
        ids: ['ids', '栏目ID（同 categoryIds）'],
      },
      either: { roleId: ['integer', '角色ID（必填）'] },
    }),
  };
}
