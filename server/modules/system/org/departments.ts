import type { FastifyInstance } from 'fastify';
import { getRecord } from '../../../crud/service.js';
import { dynamic } from '../../../db/types.js';
import { ok } from '../../../http/envelope.js';
import { notFoundRecord } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { declOf, requiredId, searchOf } from './common.js';
import { optionalId } from '../../../http/params.js';
import { orgInputs } from './inputs.js';

/**
 * 部门's calls beyond its generic routes and declared reads (the caller's tree and flat lists, the public
 * lists, the pickers' option tree: `reads` in resources/department.ts): the caller's own department, a name, the view.
 */
export async function departmentRoutes(app: FastifyInstance) {
  const decl = declOf(app, 'department');
  const p = decl.permissions;
  const db = app.db;
  const INPUT = orgInputs(declOf(app, 'user'));
  const system = () => app.entities.api().asSystem();

  // Reference data any logged-in staff member needs (names in tables): no key. The pickers' tree is a declared read.
  app.post('/ding/dept/ByUser', { schema: INPUT.none, attachValidation: true }, async (request) => {
    const user = currentUser(request);
    return ok(user.deptId === null ? null : ((await system().findById('department', user.deptId)) ?? null));
  });
  app.get('/ding/dept/getName/:id', { schema: INPUT.deptName, attachValidation: true }, async (request) => {
    const id = requiredId((request.params ?? {}) as Record<string, unknown>, 'id');
    const dept = await system().findById('department', id);
    if (!dept) throw notFoundRecord();
    return ok(dept.name);
  });

  app.post('/ding/dept/view', { config: { permission: p.get }, schema: INPUT.deptView, attachValidation: true }, async (request) => {
    const body = searchOf(request);
    const id = optionalId(body, 'deptId') ?? requiredId(body, 'id');
    return ok(await getRecord(dynamic(db), decl, currentUser(request), id));
  });
}
