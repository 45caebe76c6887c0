import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { forbidden, missingParam } from '../../http/errors.js';
import { currentUser } from '../../http/fastifyTypes.js';
import { bodyOf, param, queryOf } from '../../http/params.js';
import { ADMIN_ROLE_ALIAS } from '../../seed/menuSync.js';
import { formatDateTime } from '../../util/time.js';
import { describeInput } from '../../http/routeInput.js';

/** testDto: any JSON object, echoed back. */
const ECHO_INPUT = { body: { type: ['object', 'null'], additionalProperties: true, description: '任意 JSON 对象（testDto），原样回显' } };

/** Longest body text echoed back. */
const ECHO_MAX = 2000;

/** 403 unless the caller holds the admin role (these calls are for the installer, not for staff). */
async function requireAdminRole(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  if (!user.roleIds.length) throw forbidden();
  const admin = await app.db.selectFrom('roles').select('roleId').where('roleAlias', '=', ADMIN_ROLE_ALIAS).where('roleId', 'in', user.roleIds).executeTakeFirst();
  if (!admin) throw forbidden();
}

/**
 * /test/get, /test/b/get, /other/get (?id), /other/edit and /other/insert (testDto): a diagnostic echo
 * of what reached the server (path, query, body cut to 2000 characters, caller, server time). They
 * read and write nothing; only the admin role reaches them. Used to check a proxy or a client's headers.
 */
export async function diagnosticRoutes(app: FastifyInstance) {
  const echo = async (request: FastifyRequest) => {
    await requireAdminRole(app, request);
    const body = JSON.stringify(bodyOf(request));
    return ok({
      path: request.routeOptions.url,
      method: request.method,
      query: queryOf(request),
      body: body.length > ECHO_MAX ? `${body.slice(0, ECHO_MAX)}…` : JSON.parse(body),
      appKey: currentUser(request).appKey,
      username: currentUser(request).username,
      serverTime: formatDateTime(),
    });
  };
  for (const url of ['/test/get', '/test/b/get', '/other/edit', '/other/insert']) app.post(url, { schema: ECHO_INPUT, attachValidation: true }, echo);
  app.post('/other/get', { schema: describeInput({ either: { id: ['string', '回显的ID'] } }), attachValidation: true }, async (request) => {
    await requireAdminRole(app, request);
    const id = param(request, 'id');
    if (id === undefined || id === null || id === '') throw missingParam('id');
    return echo(request);
  });
}
