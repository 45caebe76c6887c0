import type { RecordData } from '../../../resources/behaviour.js';
import { invalidValue, missingParam } from '../../http/errors.js';
import { cleanEmail, cleanPhone, cleanText } from '../../public/guard.js';
import { asInt } from '../../shared/routeHelpers.js';

const ID_TYPES = ['身份证', '护照', '港澳居民来往内地通行证', '台湾居民来往大陆通行证', '其他'];
const FORMATS = ['纸质', '电子邮件', '光盘', '磁盘'];
const RECEIVE_WAYS = ['邮寄', '快递', '电子邮件', '传真', '自行领取', '当场阅读、抄录'];

const oneOf = (v: unknown, list: string[], label: string, fallback: string) => {
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v !== 'string' || !list.includes(v.trim())) throw invalidValue(`${label}的值无效，可选值：${list.join('、')}`);
  return v.trim();
};

/** A department the application is sent to: its id and name, or 1002 受理部门不存在. */
export type FindDept = (id: number) => Promise<{ id: number; name: string } | undefined>;

/**
 * A saveApplyDto from the public or from staff (the spec's messages): the applicant, the request and the
 * handling department with its name. Blank values are null.
 */
export async function parseApplication(body: RecordData, findDept: FindDept): Promise<RecordData> {
  const applicantType = asInt(body.applicantType ?? 1, '申请人类型');
  if (applicantType !== 1 && applicantType !== 2) throw invalidValue('申请人类型的值无效，可选值：1（个人）、2（法人/其他组织）');
  const person = applicantType === 1;
  const out: RecordData = {
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
  const values: RecordData = { ...out, email: cleanEmail(body.email, '电子邮箱', { required: emailNeeded }) };
  if ((values.receiveWay === '邮寄' || values.receiveWay === '快递') && !values.address) throw missingParam('通信地址');
  const deptRaw = body.handleDeptId;
  if (deptRaw === undefined || deptRaw === null || deptRaw === '') throw missingParam('受理部门');
  const dept = await findDept(asInt(deptRaw, '受理部门'));
  if (!dept) throw invalidValue('受理部门不存在');
  return Object.fromEntries(Object.entries({ ...values, handleDeptId: dept.id, handleDeptName: dept.name }).map(([k, v]) => [k, v === '' ? null : v]));
}
