import type { HookContext, RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import { confine } from '../files/confine.js';
import { invalidValue } from '../http/errors.js';
import { cleanStatCode } from '../modules/system/siteSettings/statCode.js';
import { ensureTemplatesRoot } from '../modules/system/templates/store.js';

const DOMAIN_RE = /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?$/i;
const ID_CODE_RE = /^[0-9A-Za-z]{10}$/;
const EMAIL_RE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const PHONE_RE = /^[0-9+\-()（）\s、,，转]{5,50}$/;

function checkFormats(values: RecordData): void {
  const s = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : '');
  if (s('siteDomain') && !DOMAIN_RE.test(s('siteDomain'))) throw invalidValue('网站域名格式不正确，例如 www.yunxi.gov.cn（不含 http://）');
  if (s('siteIdCode') && !ID_CODE_RE.test(s('siteIdCode'))) throw invalidValue('网站标识码应为10位数字或字母');
  if (s('email') && !EMAIL_RE.test(s('email'))) throw invalidValue('邮箱格式不正确');
  if (s('phone') && !PHONE_RE.test(s('phone'))) throw invalidValue('联系电话格式不正确');
}

/** The statistics code as sent: its rules run after the other fields' (its limit is on the cleaned text). */
const rawStatCodes = new WeakMap<HookContext, unknown>();

/** The pasted statistics code, cleaned by the site's security policy (statCode.ts), with what changed. */
function cleanedStatCode(raw: unknown): { code: string | null; notes: string[] } {
  if (raw !== null && typeof raw !== 'string') throw invalidValue('网站统计代码必须是文本');
  if ([...(raw ?? '')].length > 20000) throw invalidValue('网站统计代码长度不能超过20000个字符');
  const result = raw ? cleanStatCode(raw) : { code: '', notes: [] };
  if ([...result.code].length > 5000) throw invalidValue('网站统计代码长度不能超过5000个字符');
  return { code: result.code || null, notes: result.notes };
}

/**
 * 站点设置 (a singleton: /site/setting/get and /save, docs/system-settings.md): formats of the identity
 * fields, the skin must exist, the statistics code is cleaned and the answer says how. Who saved it last.
 */
export default defineBehaviour({
  name: 'siteSetting',
  hooks: {
    beforeValidate: [
      ({ data, ctx }) => {
        if (!('statCode' in data)) return data;
        const { statCode, ...rest } = data;
        rawStatCodes.set(ctx, statCode);
        return rest;
      },
    ],
    beforeChange: [
      async ({ data, ctx }) => {
        const values: RecordData = { ...data };
        if (rawStatCodes.has(ctx) && rawStatCodes.get(ctx) !== undefined) values.statCode = cleanedStatCode(rawStatCodes.get(ctx)).code;
        checkFormats(values);
        if (typeof values.templateSkin === 'string' && values.templateSkin !== '') {
          const skin = await confine(await ensureTemplatesRoot(ctx.services.config.dataDir), values.templateSkin);
          if (!skin.exists || skin.relative.includes('/') || !skin.relative) throw invalidValue(`模板不存在：${values.templateSkin}`);
          values.templateSkin = skin.relative;
        }
        if (values.templateSkin === null) values.templateSkin = 'default';
        values.updaterName = ctx.user.name;
        return values;
      },
    ],
    // What the statistics code lost or gained is said, so staff know why their paste looks different.
    afterSave: [
      ({ body }) => {
        if (body.statCode === undefined) return;
        const { notes } = cleanedStatCode(body.statCode);
        return { data: { statCodeNotes: notes }, message: notes.length ? `保存成功。网站统计代码已按网站安全策略调整：${notes.join('；')}` : undefined };
      },
    ],
  },
});
