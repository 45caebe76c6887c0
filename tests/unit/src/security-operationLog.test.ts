import { describe, expect, it } from 'vitest';
import operationLog from '../../../resources/operationLog';
import { searchValues } from '../../../resources/calls/filterValues';
import type { FilterDecl } from '../../../resources/types';

// The custom screen's filter mapping is now the declaration's (list.filters' choices / blankSends); same expectations.
const filters: readonly FilterDecl[] = operationLog.list.filters;
const typeFilter = filters.find((f) => f.field === 'type');
const logSearchFilter = (filter: Record<string, unknown> | undefined) => searchValues(operationLog, filter);

describe('operation log screen: the 类型 filter', () => {
  it('offers 登录 and 操作; 全部 asks /systemLogList for every type, 操作 includes client reports', () => {
    expect(typeFilter?.choices?.map((c) => c.label)).toEqual(['登录', '操作']);
    expect(logSearchFilter({ username: 'xinxi2' })).toEqual({ username: 'xinxi2', type: ['login', 'operation', 'client'] });
    expect(logSearchFilter({ type: '' })).toEqual({ type: ['login', 'operation', 'client'] });
    expect(logSearchFilter({ type: 'operation', success: 0 })).toEqual({ type: ['operation', 'client'], success: 0 });
    expect(logSearchFilter({ type: 'login' })).toEqual({ type: 'login' });
    expect(logSearchFilter(undefined)).toEqual({ type: ['login', 'operation', 'client'] });
  });

  it('filters without choices pass unchanged; the labels are the filter\'s own', () => {
    expect(searchValues(operationLog, { path: '/user/login', success: 1 })).toEqual({ path: '/user/login', success: 1, type: ['login', 'operation', 'client'] });
    expect(filters.filter((f) => f.label).map((f) => f.label)).toEqual(['用户', '结果']);
  });
});

describe('清理过期日志: the declared action', () => {
  it('asks for days (at least 180) in a 提示信息 dialog and says how many were removed from the answer', async () => {
    const { answerText } = await import('../../../src/generic/ActionInputDialog');
    const purge = operationLog.actions?.find((a) => a.name === 'purge');
    expect(purge?.input?.map((f) => [f.name, f.min, f.default])).toEqual([['days', 180, 180]]);
    expect(purge?.call?.title).toBe('提示信息');
    expect(answerText(purge?.success ?? '', { deleted: 7, before: '2026-06-01 00:00:00' })).toBe('已清理7条日志');
    expect(answerText('操作成功', null)).toBe('操作成功');
  });
});
