import type { FastifyInstance } from 'fastify';
import { validateRecord } from '../../../crud/validate.js';
import type { NewRow, Row, RowUpdate } from '../../../db/types.js';
import { confine } from '../../../files/confine.js';
import { ok } from '../../../http/envelope.js';
import { bodyOf } from '../../../http/params.js';
import { invalidValue } from '../../../http/errors.js';
import { currentUser } from '../../../http/fastifyTypes.js';
import { formatDateTime } from '../../../util/time.js';
import { declarationOf } from '../../declarationLookup.js';
import { ensureTemplatesRoot } from '../templates/store.js';
import { defaultSiteSettings, PUBLIC_SITE_FIELDS, readSiteSettings } from '../../../shared/siteSettings.js';
import { cleanStatCode } from './statCode.js';

// Read by generation and templates too, so they live in server/shared (no siteSettings↔templates circle).
export { defaultSiteSettings, PUBLIC_SITE_FIELDS, readSiteSettings } from '../../../shared/siteSettings.js';

const DOMAIN_RE = /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?$/i;
const ID_CODE_RE = /^[0-9A-Za-z]{10}$/;
const EMAIL_RE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const PHONE_RE = /^[0-9+\-()（）\s、,，转]{5,50}$/;

function checkFormats(values: Row): void {
  const s = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : '');
  if (s('siteDomain') && !DOMAIN_RE.test(s('siteDomain'))) throw invalidValue('网站域名格式不正确，例如 www.yunxi.gov.cn（不含 http://）');
  if (s('siteIdCode') && !ID_CODE_RE.test(s('siteIdCode'))) throw invalidValue('网站标识码应为10位数字或字母');
  if (s('email') && !EMAIL_RE.test(s('email'))) throw invalidValue('邮箱格式不正确');
  if (s('phone') && !PHONE_RE.test(s('phone'))) throw invalidValue('联系电话格式不正确');
}

/**
 * 站点设置: POST /site/setting/get (siteSetting:get), POST /site/setting/save (siteSetting:update, only
 * the fields present change), POST /web/site/info (public subset). See docs/system-settings.md.
 */
export async function siteSettingRoutes(app: FastifyInstance) {
  const decl = declarationOf(app, 'siteSetting');
  if (!decl) return;
  const templatesDir = () => ensureTemplatesRoot(app.portal.config.dataDir);

  app.post(decl.api.get.path, { config: { permission: decl.permissions.get } }, async () => ok(await readSiteSettings(app.db, decl)));

  app.post(decl.api.update?.path ?? '/site/setting/save', { config: { permission: decl.permissions.update } }, async (request) => {
    const body = { ...bodyOf(request) };
    const rawStat = body.statCode;
    delete body.statCode;
    const values = validateRecord(decl, body, 'update');
    let statNotes: string[] = [];
    if (rawStat !== undefined) {
      if (rawStat !== null && typeof rawStat !== 'string') throw invalidValue('网站统计代码必须是文本');
      if ([...(rawStat ?? '')].length > 20000) throw invalidValue('网站统计代码长度不能超过20000个字符');
      const result = rawStat ? cleanStatCode(rawStat) : { code: '', notes: [] };
      const cleaned = result.code;
      statNotes = result.notes;
      if ([...cleaned].length > 5000) throw invalidValue('网站统计代码长度不能超过5000个字符');
      values.statCode = cleaned || null;
    }
    checkFormats(values);
    if (typeof values.templateSkin === 'string' && values.templateSkin !== '') {
      const skin = await confine(await templatesDir(), values.templateSkin);
      if (!skin.exists || skin.relative.includes('/') || !skin.relative) throw invalidValue(`模板不存在：${values.templateSkin}`);
      values.templateSkin = skin.relative;
    }
    if (values.templateSkin === null) values.templateSkin = 'default';
    const user = currentUser(request);
    values.updaterName = user.name;
    values.updateTime = formatDateTime();
    // The declaration's table is fixed (resources/siteSetting.ts: 'site_setting'); the values were checked above.
    await app.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('site_setting').select('id').orderBy('id', 'asc').limit(1).executeTakeFirst();
      if (row) {
        await trx.updateTable('site_setting').set(values as RowUpdate<'site_setting'>).where('id', '=', row.id).execute();
      } else {
        await trx.insertInto('site_setting').values({ ...defaultSiteSettings(decl), ...values, id: undefined } as NewRow<'site_setting'>).execute();
      }
    });
    // What the statistics code lost or gained is said, so staff know why their paste looks different.
    const saved = { ...(await readSiteSettings(app.db, decl)), ...(rawStat !== undefined ? { statCodeNotes: statNotes } : {}) };
    return ok(saved, statNotes.length ? `保存成功。网站统计代码已按网站安全策略调整：${statNotes.join('；')}` : '保存成功');
  });

  app.post(decl.api.extra?.publicInfo?.path ?? '/web/site/info', { config: { public: true } }, async () => {
    const all = await readSiteSettings(app.db, decl);
    return ok(Object.fromEntries(PUBLIC_SITE_FIELDS.map((k) => [k, all[k] ?? null])));
  });
}
