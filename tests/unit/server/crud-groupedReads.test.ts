import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ExtraReadDecl } from '../../../resources/shape/reads.js';
import type { ResourceDecl } from '../../../resources/types.js';
import { answerGroups, nestUnder, rootsByOption } from '../../../server/crud/reads/groups.js';
import { readOutput } from '../../../server/crud/reads/output.js';

// A self-parented table (no declared tree): two groups, nested entries, a cycle in stored data.
const decl = { name: 'thing', idField: 'id', fields: [] } as unknown as ResourceDecl;
const rows = [
  { id: 1, parentId: 0, key: 'colour', name: '颜色' },
  { id: 2, parentId: 1, key: 'red', name: '红' },
  { id: 3, parentId: 2, key: 'darkred', name: '深红' },
  { id: 4, parentId: 1, key: 'blue', name: '蓝' },
  { id: 5, parentId: null, key: 'size', name: '尺寸' },
  { id: 6, parentId: 7, key: 'loopA', name: 'A' },
  { id: 7, parentId: 6, key: 'loopB', name: 'B' },
];
const request = (query: Record<string, unknown>) => ({ query, body: {} }) as unknown as FastifyRequest;
const reads: ExtraReadDecl = { shape: 'groups', as: { code: 'key' }, fields: ['code', 'name'], groups: { parent: 'parentId', key: 'key' } };
const shape = (r: Record<string, unknown>) => readOutput(decl, reads, r);

describe('groups reads (server/crud/reads/groups.ts)', () => {
  it('answers every top-level record as key → its descendants nested, children only when any, in the rows\' order', () => {
    expect(answerGroups(decl, reads.groups!, rows, request({}), shape)).toEqual({
      colour: [{ code: 'red', name: '红', children: [{ code: 'darkred', name: '深红' }] }, { code: 'blue', name: '蓝' }],
      size: [],
    });
  });

  it('with a param answers the named group alone, [] for an unknown one, 1001 without the param', () => {
    const one = { ...reads.groups!, param: 'val' };
    expect(answerGroups(decl, one, rows, request({ val: 'colour' }), shape)).toHaveLength(2);
    expect(answerGroups(decl, one, rows, request({ val: 'nothing' }), shape)).toEqual([]);
    expect(() => answerGroups(decl, one, rows, request({}), shape)).toThrow(/缺少必填参数：val/);
  });

  it('nests whole rows under a root and never loops on a cycle', () => {
    const tree = nestUnder(rows, decl, 'parentId', 1);
    expect(tree.map((r) => r.id)).toEqual([2, 4]);
    expect(nestUnder(rows, decl, 'parentId', 6).map((r) => r.id)).toEqual([7]);
  });

  it('as names (any read shape): taken from their fields, then fields pick; without fields every value stays', () => {
    expect(readOutput(decl, { shape: 'array', as: { code: 'key', label: 'name' } }, { key: 'k', name: 'n', other: 1 })).toEqual({ key: 'k', name: 'n', other: 1, code: 'k', label: 'n' });
    expect(readOutput(decl, { shape: 'array', as: { label: 'name' }, fields: ['label'] }, { key: 'k' })).toEqual({ label: null });
  });

  it('tree roots: one root per option of the enum field, in the options\' order, or the one the search asks for', () => {
    const menu = { name: 'menu', idField: 'id', fields: [{ name: 'app', type: 'enum', options: [{ value: 'b', label: '乙' }, { value: 'a', label: '甲' }] }] } as unknown as ResourceDecl;
    const items = [{ id: 1, app: 'a' }, { id: 2, app: 'b' }, { id: 3, app: 'a' }];
    const ids = (rows: readonly Record<string, unknown>[]) => rows.map((r) => ({ id: r.id }));
    expect(rootsByOption(menu, { field: 'app', label: 'name' }, items, {}, ids)).toEqual([
      { app: 'b', name: '乙', children: [{ id: 2 }] },
      { app: 'a', name: '甲', children: [{ id: 1 }, { id: 3 }] },
    ]);
    expect(rootsByOption(menu, { field: 'app', label: 'name' }, items, { app: 'a' }, ids).map((r) => r.name)).toEqual(['甲']);
  });
});
