import { describe, expect, it } from 'vitest';
import type { ActionDecl } from '../../../resources/types';
import { changedInputs, chosenQuestion, routeFor } from '../../../src/generic/actionCallParts';
import { threadText } from '../../../src/generic/ThreadDialog';

// The pure parts of the call options of session 25 (docs/extending.md "More of an action's call").
const audit: ActionDecl = {
  name: 'audit',
  label: '审核',
  path: '/a/audit',
  permission: 'a:audit',
  input: [
    { name: 'status', label: '审核结果', type: 'enum', options: [{ value: 1, label: '通过' }, { value: 2, label: '不通过' }] },
    { name: 'remark', label: '意见', type: 'textarea' },
  ],
  call: {
    atFor: [{ when: { channel: 'x' }, at: '/x/audit', values: { isShow: 0 } }],
    confirmChosen: { one: '确定将该记录审核为「{status}」吗？', many: '确定将选中的{count}条记录审核为「{status}」吗？' },
  },
};

describe('call.atFor', () => {
  it('routes a record by its state, and says mixed when the selection spans paths', () => {
    expect(routeFor(audit, [{ channel: 'x' }])).toEqual({ at: '/x/audit', values: { isShow: 0 } });
    expect(routeFor(audit, [{ channel: 'y' }, { channel: 'z' }])).toEqual({ at: undefined, values: {} });
    expect(routeFor(audit, [{ channel: 'x' }, { channel: 'y' }])).toBe('mixed');
    expect(routeFor({ ...audit, call: {} }, [{ channel: 'x' }, { channel: 'y' }])).toEqual({ values: {} });
  });
});

describe('call.confirmChosen', () => {
  it('names the chosen option and the count', () => {
    expect(chosenQuestion(audit, { status: 2 }, 1)).toBe('确定将该记录审核为「不通过」吗？');
    expect(chosenQuestion(audit, { status: 1 }, 3)).toBe('确定将选中的3条记录审核为「通过」吗？');
    expect(chosenQuestion({ ...audit, call: {} }, { status: 1 }, 1)).toBeUndefined();
  });
});

describe('call.onlyChanged', () => {
  it('keeps the inputs that differ from the record, text compared trimmed', () => {
    const fields = [
      { name: 'title', label: '标题', type: 'text' as const },
      { name: 'phone', label: '电话', type: 'text' as const },
      { name: 'isOpen', label: '公开', type: 'enum' as const },
    ];
    const record = { title: '停车难', phone: null, isOpen: 1 };
    expect(changedInputs(fields, record, { title: ' 停车难 ', phone: '', isOpen: 1 })).toEqual({});
    expect(changedInputs(fields, record, { title: '停车', phone: '137', isOpen: 0 })).toEqual({ title: '停车', phone: '137', isOpen: 0 });
    expect(changedInputs(fields, { ...record, phone: '137' }, { title: '停车难', isOpen: 1 })).toEqual({ phone: '' });
  });
});

describe('list.thread texts', () => {
  it('fills values and the text given for a blank one', () => {
    expect(threadText('留言人：{name} · 办理部门：{deptName|未转办}', { name: '王浩', deptName: null })).toBe('留言人：王浩 · 办理部门：未转办');
    expect(threadText('办理部门：{deptName|未转办}', { deptName: '县教育局' })).toBe('办理部门：县教育局');
  });
});
