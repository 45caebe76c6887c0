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
    // Named in Chinese by the field's partLabels, nested parts too; long HTML as its first words.
    const labels = { url: '检测地址', keywordFound: '找到关键字', article: '文章', title: '标题', content: '内容' };
    expect(parseDetails('{"url":"https://a.gov.cn","keywordFound":false,"other":1}', labels)).toEqual([
      ['检测地址', 'https://a.gov.cn'],
      ['找到关键字', '否'],
      ['other', '1'],
    ]);
    const article = { title: '通告', content: `<p>${'字'.repeat(300)}</p>` };
    const [name, text] = parseDetails(JSON.stringify({ article }), labels)![0]!;
    expect(name).toBe('文章');
    expect(text).toMatch(/^标题：通告，内容：字{200}…$/);
    expect(parseDetails('{"items":[]}', {})).toEqual([['items', '无']]);
    expect(parseDetails('{broken')).toBeNull();
  });
});
