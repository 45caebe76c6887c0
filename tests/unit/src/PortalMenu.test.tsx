import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveMenus } from '../../../providers';
import type { MenuNode } from '../../../providers/types';
import { holdsPath, menuTarget, PortalMenu } from '../../../src/layout/PortalMenu';
import { resources } from '../../../src/resources';
import { AdminWrapper } from './helpers';

const tree: MenuNode[] = [
  { id: 1, parentId: 0, name: '首页', alias: 'home', type: 'Menu', url: '/main/home', sort: 1 },
  {
    id: 10,
    parentId: 0,
    name: '内容管理',
    alias: 'content',
    type: 'Catalogue',
    sort: 2,
    children: [
      { id: 12, parentId: 10, name: '热点信息', alias: 'hot', type: 'Menu', url: '/main/article/hot', sort: 60 },
      { id: 11, parentId: 10, name: '通知公告', alias: 'announcement', type: 'Menu', url: '/main/article/announcement', sort: 50 },
      { id: 13, parentId: 10, name: '待开放栏目', alias: 'notYetBuilt', type: 'Menu', url: '/main/article/notYetBuilt', sort: 10 },
      { id: 14, parentId: 11, name: '新增', alias: 'announcement:add', type: 'Button', sort: 1 },
    ],
  },
];

describe('PortalMenu', () => {
  it('renders the cached tree: Catalogue as a group, Menu entries as links or disabled items', async () => {
    saveMenus(tree);
    render(
      <AdminWrapper initialEntries={['/main/article/announcement']}>
        <PortalMenu />
      </AdminWrapper>,
    );
    // The group of the current screen is the one open.
    const group = await screen.findByRole('button', { name: '内容管理' });
    expect(group).toHaveAttribute('aria-expanded', 'true');

    const notice = screen.getByRole('menuitem', { name: '通知公告' });
    expect(notice).toHaveAttribute('href', '/main/article/announcement');
    expect(screen.getByRole('menuitem', { name: '热点信息' })).toHaveAttribute('href', '/main/article/hot');
    expect(screen.getByRole('menuitem', { name: '首页' })).toHaveAttribute('href', '/');

    // No screen for this entry yet: shown, but disabled.
    const column = screen.getByText('待开放栏目').closest('[aria-disabled]');
    expect(column).toHaveAttribute('aria-disabled', 'true');
    expect(column?.getAttribute('href')).toBeNull();

    // Buttons of the tree are permissions, not menu entries.
    expect(screen.queryByText('新增')).not.toBeInTheDocument();

    // Entries follow `sort`.
    const names = screen.getAllByText(/^(待开放栏目|通知公告|热点信息)$/).map((el) => el.textContent);
    expect(names).toEqual(['待开放栏目', '通知公告', '热点信息']);

    fireEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: '通知公告' })).not.toBeInTheDocument());
  });

  it('shows an empty Catalogue as an entry: the server’s 首页 (url /main/home) opens the dashboard', async () => {
    const serverTree: MenuNode[] = [
      { id: 1, parentId: 0, name: '首页', alias: 'home', type: 'Catalogue', url: '/main/home', sort: 1, children: [] },
      { id: 2, parentId: 0, name: '互动交流', alias: 'interact', type: 'Catalogue', url: '/main/interact', sort: 2, children: [] },
      tree[1]!,
    ];
    render(
      <AdminWrapper>
        <PortalMenu menus={serverTree} />
      </AdminWrapper>,
    );
    const homes = await screen.findAllByRole('menuitem', { name: '首页' });
    expect(homes).toHaveLength(1);
    expect(homes[0]).toHaveAttribute('href', '/');
    expect(screen.getByText('互动交流').closest('[aria-disabled]')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: '首页' })).not.toBeInTheDocument();
  });

  it('opens a home Catalogue with children with an overview entry instead of a second 首页', async () => {
    const serverTree: MenuNode[] = [
      {
        id: 1,
        parentId: 0,
        name: '首页',
        alias: 'home',
        type: 'Catalogue',
        url: '/main/home',
        sort: 1,
        children: [{ id: 3, parentId: 1, name: '待审文章', alias: 'home_audit', type: 'Menu', url: '/main/home/audit', sort: 1 }],
      },
      tree[1]!,
    ];
    render(
      <AdminWrapper>
        <PortalMenu menus={serverTree} />
      </AdminWrapper>,
    );
    expect(await screen.findByRole('button', { name: '首页' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: '首页概览' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('menuitem', { name: '首页' })).not.toBeInTheDocument();
  });

  it('keeps groups collapsed except the current screen’s', async () => {
    const other: MenuNode = {
      id: 20,
      parentId: 0,
      name: '系统管理',
      alias: 'system',
      type: 'Catalogue',
      sort: 3,
      children: [{ id: 21, parentId: 20, name: '用户管理', alias: 'user', type: 'Menu', url: '/main/system/user', sort: 1 }],
    };
    render(
      <AdminWrapper initialEntries={['/main/system/user']}>
        <PortalMenu menus={[tree[1]!, other]} />
      </AdminWrapper>,
    );
    expect(await screen.findByRole('button', { name: '系统管理' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: '内容管理' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menuitem', { name: '通知公告' })).not.toBeInTheDocument();
    expect(holdsPath(other, '/main/system/user/7', resources)).toBe(true);
    expect(holdsPath(tree[1]!, '/main/system/user', resources)).toBe(false);
  });

  it('filters the entries by name and by pinyin initials in the menu search box', async () => {
    render(
      <AdminWrapper>
        <PortalMenu menus={tree} />
      </AdminWrapper>,
    );
    const box = await screen.findByRole('textbox', { name: '搜索菜单' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '通知' } });
    expect(screen.getByRole('menuitem', { name: '通知公告' })).toHaveAttribute('href', '/main/article/announcement');
    expect(screen.queryByRole('menuitem', { name: '热点信息' })).not.toBeInTheDocument();
    // 热点信息 → rdxx, once pinyin-pro has loaded.
    fireEvent.change(box, { target: { value: 'RDX' } });
    expect(await screen.findByRole('menuitem', { name: '热点信息' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '通知公告' })).not.toBeInTheDocument();
    fireEvent.change(box, { target: { value: '无此菜单' } });
    expect(screen.getByText('没有匹配的菜单')).toBeInTheDocument();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');
    expect(screen.getByRole('button', { name: '内容管理' })).toBeInTheDocument();
  });

  it('adds a home entry when the tree has none', async () => {
    render(
      <AdminWrapper>
        <PortalMenu menus={[tree[1]!]} homeLabel="工作台" />
      </AdminWrapper>,
    );
    expect(await screen.findByRole('menuitem', { name: '工作台' })).toHaveAttribute('href', '/');
  });

  it('links every entry by the spec route: resources by alias or url, pages, home, routes that open another screen', () => {
    const menu = (alias: string, url: string): MenuNode => ({ id: 1, parentId: 0, name: 'x', alias, type: 'Menu', url });
    expect(menuTarget(menu('announcement', '/main/article/announcement'), resources)).toEqual({ kind: 'resource', to: '/main/article/announcement' });
    expect(menuTarget(menu('sensitive', '/main/system/sensitiveWord'), resources)).toEqual({ kind: 'resource', to: '/main/system/sensitiveWord' });
    expect(menuTarget(menu('article', '/main/article/essay'), resources)).toEqual({ kind: 'resource', to: '/main/article/essay' });
    // An entry added in 菜单管理 with another alias but a resource's spec route opens that resource.
    expect(menuTarget(menu('essay', '/main/article/essay/'), resources)).toEqual({ kind: 'resource', to: '/main/article/essay' });
    expect(menuTarget(menu('reportHome', '/report/home'), resources)).toEqual({ kind: 'dashboard', to: '/' });
    expect(menuTarget(menu('home_audit', '/main/home/audit'), resources)).toEqual({ kind: 'page', to: '/main/home/audit' });
    expect(menuTarget(menu('disUser', '/main/system/disUser'), resources)).toEqual({ kind: 'page', to: '/main/system/disUser' });
    expect(menuTarget(menu('notYetBuilt', '/main/article/notYetBuilt'), resources)).toEqual({ kind: 'none' });
  });
});
