import { describe, expect, it } from 'vitest';
import { toneOf } from '../../resources/shape/enumTone';

describe('toneOf: a state chip is coloured by what its label means', () => {
  it.each([
    ['不满意', 'error'], ['审核不通过', 'error'], ['未通过', 'error'], ['不予公开', 'error'], ['冻结', 'error'], ['失败', 'error'], ['异常', 'error'],
    ['满意', 'success'], ['基本满意', 'success'], ['审核通过', 'success'], ['已发布', 'success'], ['正常', 'success'], ['是', 'success'],
    ['未处理', 'warning'], ['待审核', 'warning'], ['审核中', 'warning'], ['草稿', 'warning'], ['已下线', 'warning'],
    ['征集中', 'info'], ['已结束', 'info'],
    ['未评价', 'warning'], ['否', 'default'], ['男', 'default'], ['县长信箱', 'default'],
  ] as const)('%s → %s', (label, tone) => {
    expect(toneOf({ value: 1, label })).toBe(tone);
  });

  it('an option’s declared tone wins over its label, and no option is default', () => {
    expect(toneOf({ value: 1, label: '失败', tone: 'info' })).toBe('info');
    expect(toneOf(undefined)).toBe('default');
  });
});
