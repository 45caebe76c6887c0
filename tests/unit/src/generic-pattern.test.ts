import { describe, expect, it } from 'vitest';
import type { FieldDecl } from '../../../resources/types';
import user from '../../../resources/user';
import { validatorsFor } from '../../../src/generic/inputs';

// The declared `pattern` is checked in the generic form with the message the server answers (issue 19).
const field = (name: string) => user.fields.find((f) => f.name === name) as FieldDecl;
const check = (f: FieldDecl, value: unknown) => validatorsFor(f).map((v) => v(value, {}, {})).find((m) => m !== undefined);

describe('validatorsFor: a declared pattern', () => {
  it('refuses a value the pattern does not match, with the declared message or 格式不正确', () => {
    expect(check(field('username'), '张 三')).toBe(field('username').pattern?.message);
    expect(check(field('mobile'), '123')).toBe('手机号格式不正确');
    expect(check(field('idNumber'), '12345')).toBe('身份证号格式不正确');
  });
  it('accepts a matching value and leaves an empty optional one alone', () => {
    expect(check(field('username'), 'zhang.san')).toBeUndefined();
    expect(check(field('mobile'), '13900000001')).toBeUndefined();
    expect(check(field('mobile'), '')).toBeUndefined();
  });
});
