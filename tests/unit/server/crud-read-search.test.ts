import { describe, expect, it } from 'vitest';
import type { ReadDecl } from '../../../resources/shape/reads';
import { hookSearch, readSearch, readSearchInput, sizeName } from '../../../server/crud/reads/search';

const read = (extra: Partial<ReadDecl>): ReadDecl => ({ name: 'r', label: 'r', path: '/r', sort: [], fields: ['id'], ...extra });

describe('a declared read’s search (server/crud/reads/search.ts)', () => {
  it('takes a `from` value from the first name given, blanks skipped', () => {
    const r = read({ from: { columnId: ['parentId', 'categoryId', 'columnId'] } });
    expect(readSearch(r, { parentId: '', categoryId: 7, columnId: 3 }).columnId).toBe(7);
    expect(readSearch(r, { parentId: 9, columnId: 3 }).columnId).toBe(9);
    expect(readSearch(r, { columnId: 3 }).columnId).toBe(3);
    expect(readSearch(r, { title: 'x' }).columnId).toBeUndefined();
  });

  it('sets the read’s own values over the caller’s', () => {
    const r = read({ search: { columnExact: true } });
    expect(readSearch(r, { columnExact: false, title: 'a' })).toEqual({ columnExact: true, title: 'a' });
  });

  it('gives the hooks only the values the read names', () => {
    const r = read({ params: { flag: '文章属性' }, from: { columnId: ['parentId', 'columnId'] }, search: { columnExact: false } });
    const search = readSearch(r, { flag: '2', parentId: 4, todo: 1, deptId: 3 });
    expect(hookSearch(r, search)).toEqual({ flag: '2', columnId: 4, columnExact: false });
  });

  it('reads a size under the first of its `from` names given', () => {
    const r = read({ size: { param: 'size', default: 10, max: 50 }, from: { size: ['size', 'pageSize'] } });
    expect(sizeName(r, { pageSize: 5 })).toBe('pageSize');
    expect(sizeName(r, { size: 3, pageSize: 5 })).toBe('size');
    expect(sizeName(r, {})).toBe('size');
  });

  it('names the `from` names, the hooks’ params and `recent` in the request schema', () => {
    const fields = readSearchInput(read({ from: { pageSize: ['pageSize', 'size'] }, params: { flag: '文章属性' }, recent: { field: 't', param: 'days', default: 7, max: 90 } }));
    expect(Object.keys(fields).sort()).toEqual(['days', 'flag', 'pageSize', 'size']);
    expect(fields.flag).toEqual(['string', '文章属性']);
    expect(fields.days).toEqual(['integer', '最近几天，默认7，最多90']);
  });
});
