import { MAIL_BOX_OPTIONS, MAIL_SATISFACTION_OPTIONS, MAIL_TYPE_OPTIONS } from '../../../../resources/mail.js';
import type { Row } from '../../../db/types.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { cleanEmail, cleanPhone, cleanText } from '../../../public/guard.js';

type Bag = Record<string, unknown>;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function enumValue(body: Bag, name: string, label: string, options: readonly { value: number }[], required: boolean, fallback?: number): number | undefined {
  const v = body[name];
  if (blank(v)) {
    if (fallback !== undefined) return fallback;
    if (required) throw missingParam(label);
    return undefined;
  }
  const n = Number(v);
  if (!options.some((o) => o.value === n)) throw invalidValue(`${label}取值不正确`);
  return n;
}

const ID_NUMBER_RE = /^\d{17}[\dXx]$|^\d{15}$/;

/**
 * The letter fields a visitor (or staff entering a letter) may set, cleaned: plain text only, lengths
 * as declared in resources/mail.ts. `partial` (update): only the fields present are checked and answered.
 * `targetDeptId` is answered as sent (null to clear it); its department's name is the behaviour's to read.
 */
export function cleanLetter(body: Bag, partial = false): Row {
  const out: Row = {};
  const has = (k: string) => !partial || k in body;
  if (has('title')) out.title = cleanText(body.title, { label: '信件标题', max: 100, required: true });
  if (has('content')) out.content = cleanText(body.content, { label: '信件内容', max: 5000, required: true, multiline: true });
  if (has('type')) out.type = enumValue(body, 'type', '信件类型', MAIL_TYPE_OPTIONS, true, partial ? undefined : 5);
  if (has('boxType')) out.boxType = enumValue(body, 'boxType', '信箱', MAIL_BOX_OPTIONS, true, partial ? undefined : 2);
  if (has('name')) out.name = cleanText(body.name, { label: '写信人', max: 50, required: true });
  if (has('phone')) out.phone = cleanPhone(body.phone, '联系电话');
  if (has('email')) out.email = cleanEmail(body.email, '电子邮箱', { required: false }) || null;
  if (has('address')) out.address = cleanText(body.address, { label: '联系地址', max: 200 }) || null;
  if (has('idNumber')) {
    const idn = cleanText(body.idNumber, { label: '身份证号', max: 18 });
    if (idn && !ID_NUMBER_RE.test(idn)) throw invalidValue('身份证号格式不正确');
    out.idNumber = idn ? idn.toUpperCase() : null;
  }
  if (has('isPublic')) out.isPublic = enumValue(body, 'isPublic', '是否公开', [{ value: 0 }, { value: 1 }], false, partial ? undefined : 1) ?? 1;
  if (partial && 'satisfaction' in body) out.satisfaction = enumValue(body, 'satisfaction', '满意度', MAIL_SATISFACTION_OPTIONS, true);

  // A department mailbox names its department; the leaders' boxes do not.
  const box = (out.boxType as number | undefined) ?? undefined;
  if (has('targetDeptId') || box === 3) {
    const raw = body.targetDeptId;
    if (blank(raw)) {
      if (box === 3) throw missingParam('收信部门');
      if (partial && 'targetDeptId' in body) out.targetDeptId = null;
    } else {
      const id = Number(raw);
      if (!Number.isSafeInteger(id) || id <= 0) throw invalidValue('收信部门格式不正确');
      out.targetDeptId = id;
    }
  }
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}
