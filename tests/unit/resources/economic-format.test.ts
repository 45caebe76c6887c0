import { describe, expect, it } from 'vitest';
import { ECONOMIC_AREAS, periodLabel } from '../../../resources/economic/catalogue';
import { formatFigure, formatGrowth } from '../../../resources/economic/format';
import { formatAmount } from '../../../src/format/amount';

describe('economic figures as shown', () => {
  it('shows 万元 figures by the amount rule, the same as src/format/amount', () => {
    for (const v of [0, 9999.994, 10000, 2_180_000, 1234567.891, -20000]) expect(formatFigure(v, '万元')).toBe(formatAmount(v));
    expect(formatFigure(2_180_000, '万元')).toBe('218.00亿元');
    expect(formatFigure(9_876.5, '万元')).toBe('9,876.50万元');
  });

  it('puts other units after the number, whole numbers without decimals', () => {
    expect(formatFigure(42000, '元')).toBe('42,000 元');
    expect(formatFigure(36.84, '万人')).toBe('36.84 万人');
    expect(formatFigure(-0.7, '‰')).toBe('-0.70‰');
    expect(formatFigure(52.3, '%')).toBe('52.30%');
    expect(formatFigure(null, '元')).toBe('');
    expect(formatFigure('x', '万元')).toBe('');
  });

  it('signs growth rates', () => {
    expect(formatGrowth(6.5)).toBe('+6.50%');
    expect(formatGrowth(-1.234)).toBe('-1.23%');
    expect(formatGrowth(0)).toBe('0.00%');
    expect(formatGrowth(null)).toBe('');
  });

  it('names cumulative periods as bulletins do, and every area has unique indicator codes', () => {
    expect(periodLabel('year', 2025, 0)).toBe('2025年');
    expect(periodLabel('quarter', 2026, 1)).toBe('2026年一季度');
    expect(periodLabel('quarter', 2026, 3)).toBe('2026年前三季度');
    expect(periodLabel('month', 2026, 10)).toBe('2026年1—10月');
    expect(ECONOMIC_AREAS.map((a) => a.label)).toEqual(['地区生产总值', '人民生活', '人口数据', '工业和建筑业', '就业', '粮食', '国内贸易', '对外贸易']);
    for (const a of ECONOMIC_AREAS) expect(new Set(a.indicators.map((i) => i.code)).size).toBe(a.indicators.length);
  });
});
