import type { RecordData } from '../../../resources/behaviour.js';
import type { DynamicDb, Row } from '../../db/types.js';
import { invalidValue, missingParam, notFoundRecord } from '../../http/errors.js';
import { cleanEmail, cleanPhone, cleanText } from '../../public/guard.js';
import { badState } from '../../shared/records.js';
import { plainText } from '../../shared/text.js';

/** The rules of 论坛主题's steps, shared by its actions, its replies and its citizens' posts. */

export type Channel = 'bbs' | 'll' | 'xax';
export const CHANNELS: readonly Channel[] = ['bbs', 'll', 'xax'];

/**
 * The channels a staff call serves, by the body's `family` (set by the server's own routes): the spec's
 * /theme/* family has no audit, show, reply or update call, so the /ll/theme/* calls serve forum topics
 * (bbs) as well (the default); /xax/theme/* keeps to its channel; `all` (/theme/transfer) takes any.
 */
const FAMILIES: Record<string, readonly Channel[]> = { ll: ['ll', 'bbs'], xax: ['xax'], all: CHANNELS };
export const familyOf = (body: RecordData): readonly Channel[] => FAMILIES[String(body.family ?? 'll')] ?? FAMILIES.ll!;

/** 1003 unless every record is of the call's channel family (another channel's theme is "not found" there). */
export function inFamily(records: readonly RecordData[], body: RecordData): void {
  const family = familyOf(body);
  if (records.some((r) => !family.includes(r.channel as Channel))) throw notFoundRecord();
}

/** Allowed audit steps of the comment status (0 未审核, 1 审核通过, 2 审核不通过, 3 待定). */
export function checkAuditStep(current: number, next: number): void {
  if (![1, 2, 3].includes(next)) throw invalidValue('审核状态的值无效，可选值：1（审核通过）、2（审核不通过）、3（待定）');
  const allowed = current === 0 ? [1, 2, 3] : current === 3 ? [1, 2] : [];
  if (!allowed.includes(next)) throw badState(current === 1 || current === 2 ? '该记录已审核，不能重复审核' : '该记录当前状态不允许此操作');
}

export function readAuditStatus(body: RecordData): number {
  const raw = body.status;
  if (raw === undefined || raw === null || raw === '') throw invalidValue('请选择审核结果');
  const n = Number(raw);
  if (!Number.isInteger(n)) throw invalidValue('审核状态的值无效，可选值：1（审核通过）、2（审核不通过）、3（待定）');
  return n;
}

export function readRemark(body: RecordData, name = 'remark', max = 500): string | null {
  const v = body[name];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw invalidValue('意见格式不正确');
  const text = plainText(v, 'input');
  if ([...text].length > max) throw invalidValue(`意见长度不能超过${max}个字符`);
  return text || null;
}

/** A flag 0/1 of the body, `fallback` when blank; 1002 with `message` otherwise. */
export function flagOf(body: RecordData, name: string, fallback: number, message: string): number {
  const raw = body[name];
  const n = raw === undefined || raw === null || raw === '' ? fallback : Number(raw);
  if (n !== 0 && n !== 1) throw invalidValue(message);
  return n;
}

/** Visitor fields of a theme, cleaned (no HTML, length limits); ll/xax need a name and a phone. */
export function themeFields(body: RecordData, channel: Channel): RecordData {
  const contact = channel !== 'bbs';
  return {
    title: cleanText(body.title, { label: 'title', max: 100, required: true }),
    content: cleanText(body.content, { label: 'content', max: 5000, required: true, multiline: true }),
    name: cleanText(body.name, { label: contact ? 'name' : '留言人', max: 50, required: contact }),
    phone: cleanPhone(body.phone, 'phone', { required: contact }),
    email: cleanEmail(body.email, '电子邮箱', { required: false }),
    isOpen: flagOf(body, 'isOpen', 1, '是否公开的值无效，可选值：0（不同意）、1（同意）'),
  };
}

/** The plate a post goes on: an enabled one (1002), required on the forum (1001). */
export async function plateFor(trx: DynamicDb, raw: unknown, required: boolean): Promise<Row | null> {
  if (raw === undefined || raw === null || raw === '') {
    if (required) throw missingParam('plateId');
    return null;
  }
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw invalidValue('参数格式不正确：plateId');
  const plate = (await trx.selectFrom('plate').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!plate || Number(plate.status) !== 1) throw invalidValue('版块不存在或已停用');
  return plate;
}

/** What a plate gives a new topic: its place and its handling department. */
export const plateValues = (plate: Row | null): RecordData => ({
  plateId: plate?.id ?? null,
  plateName: plate?.name ?? null,
  forumId: plate?.forumId ?? null,
  deptId: plate?.handleDeptId ?? null,
  deptName: plate?.handleDeptName ?? null,
});
