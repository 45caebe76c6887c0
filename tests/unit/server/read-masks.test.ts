import { describe, expect, it } from 'vitest';
import type { ReadDecl } from '../../../resources/shape/reads';
import theme from '../../../resources/theme';
import { maskInitial, maskName, readOutput } from '../../../server/crud/reads/output';

describe('declared reads: masks', () => {
  it('`name` keeps the first character and a star per other', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳修')).toBe('欧**');
    expect(maskName('')).toBe('');
  });

  it('`initial` keeps the first character and two stars whatever the length; 匿名 for none', () => {
    expect(maskInitial('陈海燕')).toBe('陈**');
    expect(maskInitial('张三')).toBe('张**');
    expect(maskInitial('𠀀一')).toBe('𠀀**');
    expect(maskInitial('')).toBe('匿名');
    expect(maskInitial(null)).toBe('匿名');
  });

  it("a read answers only its fields, masked as declared (论坛主题's published lists)", () => {
    const read = theme.reads?.find((r) => r.path === '/theme/weblist') as ReadDecl;
    expect(read.masks).toEqual({ name: 'initial' });
    const out = readOutput(theme, read, { id: 7, title: '路灯', name: '方建华', phone: '13757803107', email: 'a@b.c', ip: '127.0.0.1' });
    expect(out.name).toBe('方**');
    expect(out.title).toBe('路灯');
    expect(Object.keys(out)).not.toContain('phone');
    expect(Object.keys(out)).not.toContain('ip');
    expect(readOutput(theme, read, { id: 8, name: null }).name).toBe('匿名');
  });
});
