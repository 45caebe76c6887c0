import { describe, expect, it } from 'vitest';
import type { ChoicesFrom } from '../../../resources/shape/fields';
import { callChoices } from '../../../src/generic/callChoices';

describe('choices read from a call (choicesFrom)', () => {
  it('plain strings are both value and label; a non-array answer gives none', () => {
    expect(callChoices(['a.html', 'b.html'], { path: '/x' })).toEqual([{ id: 'a.html', name: 'a.html' }, { id: 'b.html', name: 'b.html' }]);
    expect(callChoices({ list: [] }, { path: '/x', value: 'id' })).toEqual([]);
  });

  it('a flat answer with a parent key is labelled by its path, skipping what `skip` names', () => {
    const rows = [
      { categoryId: 1, categoryTitle: '新闻中心', categoryCategoryId: 0, columnType: 2 },
      { categoryId: 2, categoryTitle: '部门动态', categoryCategoryId: 1, columnType: 1 },
      { categoryId: 3, categoryTitle: '外部链接', categoryCategoryId: 1, columnType: 3 },
      { categoryId: 4, categoryTitle: '乡镇动态', categoryCategoryId: 1, columnType: 1, granted: false },
    ];
    const from = { path: '/x', value: 'categoryId', label: 'categoryTitle', parent: 'categoryCategoryId', skip: [{ columnType: 3 }, { granted: false }] } as ChoicesFrom;
    expect(callChoices(rows, from)).toEqual([
      { id: 1, name: '新闻中心' },
      { id: 2, name: '新闻中心 / 部门动态' },
    ]);
  });

  it('a nested answer is flattened in order with an indent per level', () => {
    const tree = [{ value: 1, label: '县政府', children: [{ value: 2, label: '县教育局', children: [] }] }, { value: 3, label: '县卫生健康局' }];
    expect(callChoices(tree, { path: '/x', value: 'value', label: 'label', children: 'children' })).toEqual([
      { id: 1, name: '县政府' },
      { id: 2, name: '\u3000县教育局' },
      { id: 3, name: '县卫生健康局' },
    ]);
  });

  it('a parent loop does not hang', () => {
    const rows = [{ id: 1, t: 'A', p: 2 }, { id: 2, t: 'B', p: 1 }];
    expect(callChoices(rows, { path: '/x', value: 'id', label: 't', parent: 'p' }).map((c) => c.name)).toEqual(['B / A', 'A / B']);
  });
});
