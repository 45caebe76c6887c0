import { describe, expect, it } from 'vitest';
import { isInternalId, parseDetails } from '../../../src/generic/ShowGrid';

// Issue 23: show views leave out internal keys and show structured details as fields, not raw JSON.
describe('show grid', () => {
  it('leaves out ID, 创建人ID and the like, keeps the rest', () => {
    expect(isInternalId({ name: 'id', label: 'ID', type: 'number' })).toBe(true);
    expect(isInternalId({ name: 'creatorId', label: '创建人ID', type: 'number' })).toBe(true);
    expect(isInternalId({ name: 'idCard', label: '身份证号', type: 'text' })).toBe(false);
    expect(isInternalId({ name: 'columnId', label: '栏目', type: 'reference' })).toBe(false);
  });

  it('reads a JSON text as its parts, yes/no for booleans; plain text is not details', () => {
    expect(parseDetails('{"url":"https://a.gov.cn","keywordFound":true,"n":2}')).toEqual([
      ['url', 'https://a.gov.cn'],
      ['keywordFound', '是'],
      ['n', '2'],
    ]);
    expect(parseDetails('普通文字')).toBeNull();
    expect(parseDetails('{broken')).toBeNull();
  });
});
