import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TextRun } from 'docx';
import type { Db, Row } from '../../../db/types.js';
import { invalidValue, missingParam } from '../../../http/errors.js';
import { cleanEmail, cleanPhone, cleanText } from '../../../public/guard.js';
import { asInt } from '../../../shared/routeHelpers.js';
import { particularsTable, type Particular } from '../../../shared/word.js';

export const APPLY_STATUS_NAME: Record<number, string> = { 0: '待受理', 1: '已受理', 2: '已答复', 3: '不予公开', 4: '已撤回' };
export const PENDING = [0, 1];
const ID_TYPES = ['身份证', '护照', '港澳居民来往内地通行证', '台湾居民来往大陆通行证', '其他'];
const FORMATS = ['纸质', '电子邮件', '光盘', '磁盘'];
const RECEIVE_WAYS = ['邮寄', '快递', '电子邮件', '传真', '自行领取', '当场阅读、抄录'];

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

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * `days` working days after the date (Saturdays and Sundays skipped; public holidays and make-up working
 * days are not known to the server, see docs/interaction-forms.md). The day of receipt does not count.
 */
export function addWorkingDays(from: string, days: number): string {
  const d = new Date(`${from.slice(0, 10)}T12:00:00`);
  let left = days;
  while (left > 0) {
    d.setDate(d.getDate() + 1);
    const wd = d.getDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return ymd(d);
}

export const today = () => ymd(new Date());

/** Adds `statusName` and `overdue` (pending and past the deadline) to a row. */
export function decorate(row: Row): Row {
  const status = Number(row.status);
  const overdue = PENDING.includes(status) && !!row.deadline && String(row.deadline) < today() ? 1 : 0;
  return { ...row, statusName: APPLY_STATUS_NAME[status] ?? '', overdue };
}

const oneOf = (v: unknown, list: string[], label: string, fallback: string) => {
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v !== 'string' || !list.includes(v.trim())) throw invalidValue(`${label}的值无效，可选值：${list.join('、')}`);
  return v.trim();
};

/** A saveApplyDto from the public or from staff: the applicant, the request, the handling department. */
export async function parseApplication(db: Db, body: Record<string, unknown>): Promise<Row> {
  const typeRaw = body.applicantType ?? 1;
  const applicantType = asInt(typeRaw, '申请人类型');
  if (applicantType !== 1 && applicantType !== 2) throw invalidValue('申请人类型的值无效，可选值：1（个人）、2（法人/其他组织）');
  const person = applicantType === 1;
  const out: Row = {
    applicantType,
    name: cleanText(body.name, { label: '姓名', max: 50, required: person }),
    idType: person ? oneOf(body.idType, ID_TYPES, '证件类型', '身份证') : null,
    idNumber: cleanText(body.idNumber, { label: '证件号码', max: 30, required: person }).toUpperCase(),
    workUnit: cleanText(body.workUnit, { label: '工作单位', max: 100 }),
    orgName: cleanText(body.orgName, { label: '组织名称', max: 100, required: !person }),
    orgCode: cleanText(body.orgCode, { label: '统一社会信用代码', max: 30, required: !person }).toUpperCase(),
    legalPerson: cleanText(body.legalPerson, { label: '法定代表人', max: 50, required: !person }),
    contactName: cleanText(body.contactName, { label: '联系人', max: 50, required: !person }),
    phone: cleanPhone(body.phone, '联系电话'),
    address: cleanText(body.address, { label: '通信地址', max: 200 }),
    postcode: cleanText(body.postcode, { label: '邮政编码', max: 10 }),
    infoName: cleanText(body.infoName, { label: '所需信息名称', max: 200, required: true }),
    content: cleanText(body.content, { label: '所需信息内容描述', max: 3000, required: true, multiline: true }),
    purpose: cleanText(body.purpose, { label: '用途', max: 500, multiline: true }),
    format: oneOf(body.format, FORMATS, '信息提供方式', '纸质'),
    receiveWay: oneOf(body.receiveWay, RECEIVE_WAYS, '获取方式', '邮寄'),
  };
  if (person && out.idType === '身份证' && !/^\d{17}[\dX]$/.test(String(out.idNumber))) throw invalidValue('证件号码格式不正确');
  const emailNeeded = out.format === '电子邮件' || out.receiveWay === '电子邮件';
  out.email = cleanEmail(body.email, '电子邮箱', { required: emailNeeded });
  if ((out.receiveWay === '邮寄' || out.receiveWay === '快递') && !out.address) throw missingParam('通信地址');
  const deptRaw = body.handleDeptId;
  if (deptRaw === undefined || deptRaw === null || deptRaw === '') throw missingParam('受理部门');
  const dept = (await db.selectFrom('departments').select(['id', 'name']).where('id', '=', asInt(deptRaw, '受理部门')).executeTakeFirst()) as { id: number; name: string } | undefined;
  if (!dept) throw invalidValue('受理部门不存在');
  out.handleDeptId = dept.id;
  out.handleDeptName = dept.name;
  for (const k of Object.keys(out)) if (out[k] === '') out[k] = null;
  return out;
}

/** What the public sees of its own application (no IP, no staff fields). */
export function publicView(row: Row): Row {
  const { ip: _ip, creatorId: _c, remark: _r, replyUserName: _u, ...rest } = decorate(row);
  void _ip;
  void _c;
  void _r;
  void _u;
  return rest;
}

const pair = (a: string, b: unknown): Particular => [a, b];

/** The application as a .docx: the application form, and with `withReply` the reply part; phone and ID number masked. */
export async function applicationDocx(row: Row, withReply: boolean): Promise<Buffer> {
  const r = decorate(row);
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
