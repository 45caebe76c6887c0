import type { ThemeContext } from './context.js';
import { staffCalls } from './staffCalls.js';
import { ok } from '../../../http/envelope.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { readId } from '../../../http/params.js';

/** /ll/theme/* and /xax/theme/*: the two 网络问政 channels' staff calls (the forum family shares one service). */
export function themeChannelRoutes(ctx: ThemeContext) {
  const { app, decl, inputs: I } = ctx;
  const P = decl.permissions;
  const { replyQuery } = staffCalls(ctx);
  // The channels' list, get and dels are the declaration's `api.alsoAt`, a reply's get its child collection's `getAt` (generic routes).
  for (const channel of ['ll', 'xax'] as const) {
    const base = `/${channel}/theme`;
    app.post(`${base}/replyQuery`, { config: { permission: P.list }, schema: I.replyQuery, attachValidation: true }, (r) => replyQuery(r, channel));
  }
}

/**
 * Calls of one channel only: the transfer targets (xax). 领导留言's to-do list (`/ll/theme/qnsqlist`) is an
 * `api.alsoAt` list of the declaration and its export (`/ll/theme/themeExcel`) the generic list export.
 */
export function themeLlRoutes({ app, svc, db, inputs: I }: ThemeContext) {
  app.post('/xax/theme/themeDeptList', { config: { permission: 'theme:transfer' }, schema: I.id, attachValidation: true }, async (request) => {
    const rule = await svc.rule(currentUser(request));
    const [theme] = await svc.load(db, rule, [readId(request)], 'xax');
    const depts = await db.selectFrom('departments').select(['id', 'name', 'parentId']).orderBy('sort', 'asc').orderBy('id', 'asc').execute();
    return ok(depts.map((d) => ({ ...d, current: d.id === Number(theme!.deptId ?? 0) })));
  });

}
