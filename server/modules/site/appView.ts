import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { invalidValue, notFoundRecord } from '../../http/errors.js';
import { param } from '../../http/params.js';
import { type DynamicDb, dynamic } from '../../db/types.js';
import { formatDateTime } from '../../util/time.js';
import { declarationOf } from '../declarationLookup.js';
import { describeInput } from '../../http/routeInput.js';

/** The two applications always exist (every start adds a missing one; staff edit, never delete them). */
export const DEFAULT_APPS = [
  { appId: 'adminSite', name: '云溪县人民政府门户网站管理系统', loginTitle: '门户网站后台管理', copyright: '云溪县人民政府办公室 版权所有', contact: '', remark: '主管理应用' },
  { appId: 'reportSite', name: '云溪县政务信息报送系统', loginTitle: '政务信息报送', copyright: '云溪县人民政府办公室 版权所有', contact: '', remark: '部门信息报送应用' },
];

async function ensureApps(db: DynamicDb, table: string) {
  for (const a of DEFAULT_APPS) {
    const found = await db.selectFrom(table).select('id').where('appId', '=', a.appId).executeTakeFirst();
    if (!found) await db.insertInto(table).values({ ...a, logo: null, updateTime: formatDateTime() }).execute();
  }
}

const PUBLIC_FIELDS = ['appId', 'name', 'loginTitle', 'logo', 'copyright', 'contact'] as const;

/**
 * GET /api/app/view?appId=adminSite|reportSite: what a client shows on its login page and title bar.
 * Public (read before login); `reportSite` is the reporting app, any other value or none the admin app
 * (the spec's appKey rule).
 */
export async function appViewRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'appInfo');
  if (!decl) return;
  await ensureApps(app.db, decl.table);
  app.get(decl.api.extra?.view?.path ?? '/api/app/view', { config: { public: true }, schema: describeInput({ query: { appId: ['string', '应用：adminSite（后台，默认）或 reportSite（信息报送）'] } }), attachValidation: true }, async (request) => {
    const raw = param(request, 'appId');
    if (raw !== undefined && raw !== null && typeof raw !== 'string') throw invalidValue('参数格式不正确：appId');
    const appId = raw === 'reportSite' ? 'reportSite' : 'adminSite';
    const row = await dynamic(app.db).selectFrom(decl.table).select([...PUBLIC_FIELDS]).where('appId', '=', appId).executeTakeFirst();
    if (!row) throw notFoundRecord();
    return ok(row);
  });
}
