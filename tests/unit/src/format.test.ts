import { describe, expect, it } from 'vitest';
import { formatAmount, formatCurrency } from '../../../src/format/amount';
import { imageUrl } from '../../../src/format/image';

describe('formatAmount (spec §9)', () => {
  it('shows values under 10000 in 万元 with 2 decimals and thousands separators', () => {
    expect(formatAmount(0)).toBe('0.00万元');
    expect(formatAmount(1234.5)).toBe('1,234.50万元');
    expect(formatAmount(9999.994)).toBe('9,999.99万元');
    expect(formatAmount('88.1')).toBe('88.10万元');
  });

  it('shows values of 10000 and more in 亿元, divided by 10000', () => {
    expect(formatAmount(10000)).toBe('1.00亿元');
    expect(formatAmount(123456789)).toBe('12,345.68亿元');
    expect(formatAmount('25000')).toBe('2.50亿元');
  });

  it('keeps negative values in 万元 and gives nothing for no value', () => {
    expect(formatAmount(-20000)).toBe('-20,000.00万元');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount('')).toBe('');
    expect(formatAmount('abc')).toBe('');
  });

  it('formatCurrency groups thousands', () => {
    expect(formatCurrency(1234567.891)).toBe('1,234,567.89');
    expect(formatCurrency(5, 0)).toBe('5');
  });
});

describe('imageUrl (spec §9)', () => {
  it('uses http(s), ../ and data: paths as they are', () => {
    expect(imageUrl('http://img.example/a.png', 'https://cdn.example')).toBe('http://img.example/a.png');
    expect(imageUrl('https://img.example/a.png', 'https://cdn.example')).toBe('https://img.example/a.png');
    expect(imageUrl('../static/a.png', 'https://cdn.example')).toBe('../static/a.png');
    expect(imageUrl('data:image/png;base64,AAAA', 'https://cdn.example')).toBe('data:image/png;base64,AAAA');
  });

  it('prefixes other paths with the base, one slash between', () => {
    expect(imageUrl('uploads/a.png', 'https://cdn.example')).toBe('https://cdn.example/uploads/a.png');
    expect(imageUrl('/uploads/a.png', 'https://cdn.example/')).toBe('https://cdn.example/uploads/a.png');
    expect(imageUrl('uploads/a.png', '')).toBe('/uploads/a.png');
  });

  it('gives nothing for no path', () => {
    expect(imageUrl('', 'https://cdn.example')).toBe('');
    expect(imageUrl(null)).toBe('');
  });
});
