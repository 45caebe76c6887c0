import type { Db, Row } from '../../../db/types.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { cleanEmail, cleanPhone, cleanText } from '../../../public/guard.js';
import { DATE_RE, normaliseDateTime } from '../../../util/time.js';
import type { Channel } from './service.js';

/** Helpers the theme routes share: time ranges, visitor fields, the plate of a post, count columns. */

export function rangeOf(search: Record<string, unknown>): { start: string | null; end: string | null } {
  const bound = (v: unknown, end: boolean) => {
    if (v === undefined || v === null || v === '') return null;
    const t = String(v).trim();
    if (end && DATE_RE.test(t)) return `${t} 23:59:59`;
    const full = normaliseDateTime(t);
    if (!full) throw invalidValue('时间格式应为YYYY-MM-DD或YYYY-MM-DD HH:mm:ss');
    return full;
  };
  return { start: bound(search.startTime, false), end: bound(search.endTime, true) };
}

/** Visitor fields of a theme, cleaned (no HTML, length limits); ll/xax need a name and a phone. */
export async function themeFields(body: Record<string, unknown>, channel: Channel): Promise<Row> {
  const contact = channel !== 'bbs';
  const isOpenRaw = body.isOpen;
  const isOpen = isOpenRaw === undefined || isOpenRaw === null || isOpenRaw === '' ? 1 : Number(isOpenRaw);
  if (isOpen !== 0 && isOpen !== 1) throw invalidValue('是否公开的值无效，可选值：0（不同意）、1（同意）');
  return {
    title: cleanText(body.title, { label: 'title', max: 100, required: true }),
    content: cleanText(body.content, { label: 'content', max: 5000, required: true, multiline: true }),
    name: cleanText(body.name, { label: contact ? 'name' : '留言人', max: 50, required: contact }),
    phone: cleanPhone(body.phone, 'phone', { required: contact }),
    email: cleanEmail(body.email, '电子邮箱', { required: false }),
    isOpen,
  };
}
export async function plateFor(trx: Db, raw: unknown, required: boolean): Promise<Row | null> {
  if (raw === undefined || raw === null || raw === '') {
    if (required) throw missingParam('plateId');
    return null;
  }
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw invalidValue('参数格式不正确：plateId');
  const plate = await trx.selectFrom('plate').selectAll().where('id', '=', id).executeTakeFirst();
  if (!plate || Number(plate.status) !== 1) throw invalidValue('版块不存在或已停用');
  return plate;
}

export function countColumns(keyLabel: string) {
  return [
    { header: keyLabel, key: 'name', width: 22 },
    { header: '主题总数', key: 'total', width: 10 },
    { header: '审核通过', key: 'passed', width: 10 },
    { header: '已回复', key: 'replied', width: 10 },
    { header: '已办结', key: 'handled', width: 10 },
    { header: '回复数', key: 'replyCount', width: 10 },
    { header: '平均回复用时（小时）', key: 'avgReplyHours', width: 20 },
  ];
}

/** The site pages that show forum topics, rendered again after a change (`config.republish`, generation/forumPages.ts). */
export const FORUM_PAGES = ['forum'] as const;
