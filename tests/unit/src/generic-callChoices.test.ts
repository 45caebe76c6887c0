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

  it('`search` keeps the tree order with each item\'s level and path (moved from the theme screen\'s flattenDeptTree)', () => {
    const tree = [{ value: 1, label: '县政府', children: [{ value: 2, label: '县政府办公室', children: [] }, { value: 3, label: '县教育局', children: [{ value: 10, label: '县第一中学', children: [] }] }] }];
    const from: ChoicesFrom = { path: '/ding/dept/data', value: 'value', label: 'label', children: 'children', search: true };
    expect(callChoices(tree, from).map((d) => `${d.depth}:${d.path}`)).toEqual(['0:县政府', '1:县政府 / 县政府办公室', '1:县政府 / 县教育局', '2:县政府 / 县教育局 / 县第一中学']);
    expect(callChoices(tree, from).map((d) => d.name)).toEqual(['县政府', '县政府办公室', '县教育局', '县第一中学']);
    const flat = [{ id: 1, t: '新闻中心', p: 0 }, { id: 2, t: '部门动态', p: 1 }];
    expect(callChoices(flat, { path: '/x', value: 'id', label: 't', parent: 'p', search: true })).toEqual([
      { id: 1, name: '新闻中心', path: '新闻中心', depth: 0 },
      { id: 2, name: '部门动态', path: '新闻中心 / 部门动态', depth: 1 },
    ]);
  });

  it('a parent loop does not hang', () => {
    const rows = [{ id: 1, t: 'A', p: 2 }, { id: 2, t: 'B', p: 1 }];
    expect(callChoices(rows, { path: '/x', value: 'id', label: 't', parent: 'p' }).map((c) => c.name)).toEqual(['B / A', 'A / B']);
  });
});
