import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TextRun } from 'docx';
import { APPLY_PENDING, APPLY_STATUS } from '../../../../resources/apply.js';
import type { Db, Row } from '../../../db/types.js';
import { invalidValue } from '../../../http/errors.js';
import { asInt } from '../../../shared/routeHelpers.js';
import { particularsTable, type Particular } from '../../../shared/word.js';

export const APPLY_STATUS_NAME: Record<number, string> = Object.fromEntries(APPLY_STATUS.map((s) => [s.value, s.label]));
export const PENDING: readonly number[] = APPLY_PENDING;

/** Settings of /apply/system, with the statutory defaults (《政府信息公开条例》第三十三条). */
export interface ApplySettings {
  /** Reply deadline in working days from receipt. */
  replyDays: number;
  /** Extension in working days (at most once, with the head's approval). */
  extendDays: number;
  /** An SMS reminder is meaningful this many working days before the deadline (shown in the list). */
  remindBeforeDays: number;
}
export const DEFAULT_SETTINGS: ApplySettings = { replyDays: 20, extendDays: 20, remindBeforeDays: 3 };
export const SETTING_RANGES: Record<keyof ApplySettings, [number, number, string]> = {
  replyDays: [1, 60, '答复期限（工作日）'],
  extendDays: [0, 60, '延期期限（工作日）'],
  remindBeforeDays: [0, 20, '提前提醒（工作日）'],
};

export async function readSettings(db: Db): Promise<ApplySettings> {
  const rows = (await db.selectFrom('apply_setting').selectAll().execute()) as { key: string; value: string }[];
  const out: ApplySettings = { ...DEFAULT_SETTINGS };
  for (const r of rows) if (r.key in out && Number.isInteger(Number(r.value))) out[r.key as keyof ApplySettings] = Number(r.value);
  return out;
}

/** Checks the given settings (absent ones keep their value); answers the values to write. */
export function parseSettings(body: Record<string, unknown>): Partial<ApplySettings> {
  const out: Partial<ApplySettings> = {};
  for (const [key, [min, max, label]] of Object.entries(SETTING_RANGES) as [keyof ApplySettings, [number, number, string]][]) {
    const v = body[key];
    if (v === undefined || v === null || v === '') continue;
    const n = asInt(v, label);
    if (n < min || n > max) throw invalidValue(`${label}必须在${min}到${max}之间`);
    out[key] = n;
  }
  return out;
}

/** Working days (resources/shape/workingDays.ts), as the deadlines count them. */
export { addWorkingDays, today } from '../../../../resources/shape/workingDays.js';

const pair = (a: string, b: unknown): Particular => [a, b];

/** The application (as read: statusName, overdue) as a .docx: the form, and with `withReply` the reply part. */
export async function applicationDocx(r: Row, withReply: boolean): Promise<Buffer> {
  const person = Number(r.applicantType) === 1;
  const applicant = person
    ? [pair('申请人类型', '个人'), pair('姓名', r.name), pair('证件类型', r.idType), pair('证件号码', r.idNumber), pair('工作单位', r.workUnit)]
    : [pair('申请人类型', '法人/其他组织'), pair('组织名称', r.orgName), pair('统一社会信用代码', r.orgCode), pair('法定代表人', r.legalPerson), pair('联系人', r.contactName)];
  const rows = [
    ...applicant,
    pair('联系电话', r.phone),
    pair('电子邮箱', r.email),
    pair('通信地址', r.address),
    pair('邮政编码', r.postcode),
    pair('所需信息名称', r.infoName),
    pair('所需信息内容描述', r.content),
    pair('用途', r.purpose),
    pair('信息提供方式', r.format),
    pair('获取方式', r.receiveWay),
    pair('受理部门', r.handleDeptName),
    pair('申请时间', r.createTime),
    pair('查询码', r.queryCode),
    pair('办理状态', r.statusName),
    pair('答复期限', `${String(r.deadline ?? '')}${Number(r.extended) === 1 ? '（已延期）' : ''}${Number(r.overdue) === 1 ? '（已逾期）' : ''}`),
  ];
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER, children: [new TextRun({ text: '政府信息公开申请表', bold: true, font: '宋体', size: 36 })] }),
    particularsTable(rows),
  ];
  if (withReply) {
    children.push(
      new Paragraph({ text: '' }),
      new Paragraph({ heading: HeadingLevel.HEADING_2, alignment: AlignmentType.CENTER, children: [new TextRun({ text: '政府信息公开申请答复', bold: true, font: '宋体', size: 30 })] }),
      particularsTable([pair('答复部门', r.replyDept), pair('答复时间', r.replyTime), pair('答复结果', r.statusName), pair('答复内容', r.replyContent), pair('答复附件', r.replyAttachment)]),
    );
  }
  const doc = new Document({ creator: '云溪县人民政府门户网站', title: `政府信息公开申请_${String(r.infoName ?? '')}`, sections: [{ children }] });
  return Packer.toBuffer(doc);
}
