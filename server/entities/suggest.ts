import type { RecordData } from '../../resources/behaviour.js';
import { defineBehaviour } from '../crud/entity/define.js';
import suggestDecl from '../../resources/suggest.js';
import { invalidValue, notFoundRecord } from '../http/errors.js';
import { cleanEmail, cleanPhone, cleanText, newQueryCode } from '../public/guard.js';
import { asInt } from '../shared/routeHelpers.js';
import { wholePage } from '../shared/paging.js';
import { readOutput } from '../crud/reads/output.js';

/** 0/1 of a yes/no field (是否公开), blank for "not sent". */
const flag = (v: unknown, label: string) => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = asInt(v, label);
  if (n !== 0 && n !== 1) throw invalidValue(`${label}的值无效，可选值：0、1`);
  return n;
};

/**
 * 建议征集 (docs/interaction-forms.md): a citizen submits through the public op `submit` (/suggest/add
 * without an id: image code, guard, query code) and finds his own with `mine`; staff reply on the same path with the id (处理部门, 答复内容,
 * 是否公开), which marks it 已处理.
 */
export default defineBehaviour({
  name: 'suggest',
  publicOps: {
    submit: {
      check: ({ body }) => ({
        title: cleanText(body.title, { label: '标题', max: 100, required: true }),
        content: cleanText(body.content, { label: '建议内容', max: 2000, required: true, multiline: true }),
        name: cleanText(body.name, { label: '姓名', max: 50 }) || null,
        phone: cleanPhone(body.phone, '联系电话'),
        email: cleanEmail(body.email, '电子邮箱', { required: false }) || null,
        isPublic: flag(body.isPublic, '是否公开') ?? 0,
      }),
      run: async ({ values, ip, ctx }) => {
        const queryCode = newQueryCode();
        const record = await ctx.api.create('suggest', { ...values, queryCode, status: 0, ip });
        return { queryCode, createTime: record.createTime };
      },
    },
    // The visitor's own suggestion by query code and phone (the public read's lookup): the published view, his name and code.
    mine: {
      check: ({ body }) => ({ queryCode: cleanText(body.queryCode, { label: '查询码', max: 32, required: true }).toUpperCase(), phone: cleanPhone(body.phone, '联系电话') }),
      run: async ({ values, ctx }) => {
        const [row] = await ctx.api.find('suggest', { where: { queryCode: String(values.queryCode), phone: String(values.phone) }, limit: 1 });
        if (!row) throw notFoundRecord();
        return wholePage([{ ...readOutput(suggestDecl, suggestDecl.reads![0]!, row), name: row.name, queryCode: row.queryCode }]);
      },
    },
  },
  hooks: {
    beforeValidate: [
      ({ operation, data, ctx }) => {
        if (operation !== 'update') return;
        const out: RecordData = {
          replyDept: cleanText(data.replyDept ?? ctx.user.deptName, { label: '处理部门', max: 100, required: true }),
          replyContent: cleanText(data.replyContent, { label: '答复内容', max: 5000, required: true, multiline: true }),
        };
        const isPublic = flag(data.isPublic, '是否公开');
        if (isPublic !== undefined) out.isPublic = isPublic;
        return out;
      },
    ],
    beforeChange: [({ operation, data, ctx }) => (operation === 'update' ? { ...data, replyTime: ctx.now, replyUserName: ctx.user.name, status: 1 } : data)],
  },
});
