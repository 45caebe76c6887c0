import { describe, expect, it } from 'vitest';
import { branchIds, checkedForDisplay, withAncestors, type TreeNode } from '../../../src/components/tree/treeModel';

// 内容管理 → 通知公告 → (查询, 新增); 首页 → 审核 (a catalogue with a child).
const tree: TreeNode[] = [
  { id: 'c', label: '内容管理', children: [{ id: 'm', label: '通知公告', children: [{ id: 'b1', label: '查询' }, { id: 'b2', label: '新增' }] }] },
  { id: 'h', label: '首页', children: [{ id: 'h1', label: '审核' }] },
];

describe('grant tree model', () => {
  it('a checked button brings its menu and catalogue', () => {
    expect(withAncestors(tree, ['b1']).sort()).toEqual(['b1', 'c', 'm']);
  });

  it('shows a partly granted menu half-checked, a fully granted one checked', () => {
    expect(checkedForDisplay(tree, ['c', 'm', 'b1'])).toEqual(['b1']);
    expect(checkedForDisplay(tree, ['c', 'm', 'b1', 'b2']).sort()).toEqual(['b1', 'b2', 'c', 'm']);
  });

  it('keeps a catalogue granted alone, so saving unchanged keeps every grant', () => {
    const shown = checkedForDisplay(tree, ['h', 'c', 'm', 'b1']);
    expect(shown).toContain('h');
    expect(withAncestors(tree, shown).sort()).toEqual(['b1', 'c', 'h', 'm']);
  });

  it('opens every level but the last: a menu’s buttons stay closed, a catalogue of leaves too', () => {
    expect(branchIds(tree)).toEqual(['c']);
    expect(branchIds([{ id: 'g', label: '网站管理系统', children: tree }]).sort()).toEqual(['c', 'g']);
  });
});
