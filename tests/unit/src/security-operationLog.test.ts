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
