import type { EnumOption, EnumTone } from './fields';

/*
 * A state's chip colour read from its label, so a refusal is red and a success green in every table without
 * each declaration saying so (position in the option list picked the colour before: 不满意 came out green).
 * An option's own `tone` wins; the words are checked in this order, so 未处理 is pending, not done.
 */
const RULES: ReadonlyArray<readonly [RegExp, EnumTone]> = [
  [/不满意|不通过|未通过|不同意|不予|不公开|驳回|退回|拒绝|失败|异常|冻结|停用|禁用|禁止|超期|逾期|删除|被修改|篡改|黑名单|错误/, 'error'],
  [/^未|待|审核中|编辑中|处理中|办理中|暂停|草稿|下线|已撤回|已隔离/, 'warning'],
  [/满意|通过|同意|成功|正常|启用|开启|已发布|公开|已回复|已答复|已处理|已办结|已受理|已完成|已入库|已报送|已反馈|已成交|已恢复|^是$/, 'success'],
  [/征集中|进行中|已开始|已读|已结束|已关闭/, 'info'],
];

/** The chip colour of an enum option: its declared tone, else the first rule its label matches, else default. */
export function toneOf(option: EnumOption | undefined): EnumTone {
  if (!option) return 'default';
  if (option.tone) return option.tone;
  for (const [pattern, tone] of RULES) if (pattern.test(option.label)) return tone;
  return 'default';
}
