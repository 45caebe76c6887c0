import { describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../../resources/types';
import { validateRecord } from '../../../server/crud/validate';
import theme from '../../../resources/theme';

// The record's department (deptId, deptName) is the server's: a client body never sets it; the server's own
// code through the local API (trusted) may, to hand a record on (论坛主题's 转办). Creator and times stay the server's.
describe('owner fields', () => {
  const decl = theme as unknown as ResourceDecl;
  const body = { title: '标题', deptId: 7, deptName: '县教育局', creatorId: 3, createTime: '2020-01-01 00:00:00' };

  it('a client body sets none of the server fields', () => {
    const out = validateRecord(decl, body, 'update');
    expect(out).toEqual({ title: '标题' });
  });

  it('trusted code sets the department, never the creator or the times', () => {
    const out = validateRecord(decl, body, 'update', true);
    expect(out).toMatchObject({ title: '标题', deptId: 7, deptName: '县教育局' });
    expect(out).not.toHaveProperty('creatorId');
    expect(out).not.toHaveProperty('createTime');
    expect(validateRecord(decl, { title: '标题' }, 'update', true)).not.toHaveProperty('deptId');
  });
});
