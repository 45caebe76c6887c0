import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TextRun } from 'docx';
import { APPLY_PENDING, APPLY_STATUS } from '../../../../resources/apply.js';
import type { Row } from '../../../db/types.js';
import { particularsTable, type Particular } from '../../../shared/word.js';

export const APPLY_STATUS_NAME: Record<number, string> = Object.fromEntries(APPLY_STATUS.map((s) => [s.value, s.label]));
export const PENDING: readonly number[] = APPLY_PENDING;

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
