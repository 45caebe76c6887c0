import { invalidValue } from '../../../http/errors.js';
import { DATE_RE, normaliseDateTime } from '../../../util/time.js';

/** Helpers the theme routes share: time ranges, count columns. */

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
