import { describe, expect, it } from 'vitest';
import { LOG_TYPE_CHOICES, logSearchFilter } from '../../../src/views/operationLog';

describe('operation log screen: the 类型 filter', () => {
  it('offers 登录 and 操作; 全部 asks /systemLogList for every type, 操作 includes client reports', () => {
    expect(LOG_TYPE_CHOICES.map((c) => c.name)).toEqual(['登录', '操作']);
    expect(logSearchFilter({ username: 'xinxi2' })).toEqual({ username: 'xinxi2', type: ['login', 'operation', 'client'] });
    expect(logSearchFilter({ type: '' })).toEqual({ type: ['login', 'operation', 'client'] });
    expect(logSearchFilter({ type: 'operation', success: 0 })).toEqual({ type: ['operation', 'client'], success: 0 });
    expect(logSearchFilter({ type: 'login' })).toEqual({ type: 'login' });
    expect(logSearchFilter(undefined)).toEqual({ type: ['login', 'operation', 'client'] });
  });
});
