import { describe, expect, it } from 'vitest';
import { validateRecord } from '../../../server/crud/validate';
import type { ResourceDecl } from '../../../resources/types';
import user from '../../../resources/user';

// FieldDecl.many on a reference input: an array (or comma list) of record ids, each a positive integer.
const roles = user.actions!.find((a) => a.name === 'roles')!;
const decl: ResourceDecl = { ...user, fields: roles.input! };

describe('a reference input with many', () => {
  it('takes an array or a comma list, answering distinct numbers', () => {
    expect(validateRecord(decl, { roleIds: [3, '5', 3] }, 'create')).toEqual({ roleIds: [3, 5] });
    expect(validateRecord(decl, { roleIds: '2, 4' }, 'create')).toEqual({ roleIds: [2, 4] });
    expect(validateRecord(decl, { roleIds: [] }, 'create')).toEqual({ roleIds: [] });
  });

  it('refuses what is not an id, naming the field in Chinese', () => {
    expect(() => validateRecord(decl, { roleIds: ['x'] }, 'create')).toThrow('角色必须是记录ID的列表');
    expect(() => validateRecord(decl, { roleIds: [0] }, 'create')).toThrow('角色必须是记录ID的列表');
  });
});
