import type { FastifySchema } from 'fastify';
import type { ResourceDecl } from '../../../../resources/types.js';
import { declaredInput, describeInput, ID, IDS } from '../../../http/routeInput.js';

/**
 * Request schemas of the org module's calls beyond the generic routes (server/http/routeInput.ts): descriptive,
 * for /api/openapi.json; each handler's own checks still answer in Chinese.
 */
export function orgInputs(user: ResourceDecl): Record<string, FastifySchema> {
  const members = declaredInput(user, 'list', { roleId: ID, deptId: ID });
  return {
    roleData: describeInput({ either: { roleId: ID, dataScope: ['string', '数据权限：SELF、DEPART、DEPARTS、ALL'], dataPermission: ['string', '数据权限（同 dataScope）'] } }),
    articleNum: describeInput({ either: { userIds: IDS, userId: IDS, ids: IDS } }),
    members,
    roleGrant: describeInput({ either: { roleId: ID, resourceIds: IDS, resIds: IDS, ids: IDS } }),
  };
}
