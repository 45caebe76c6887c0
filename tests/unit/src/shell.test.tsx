import { render, screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useServerAppName } from '../../../src/layout/appName';
import { matchEntries, menuEntries } from '../../../src/layout/menuSearch';
import { crumbSteps } from '../../../src/layout/routeTrail';
import type { MenuNode } from '../../../providers/types';
import { envelope, useMsw } from './helpers';

const { server } = useMsw();

function Title() {
  return <span data-testid="title">{useServerAppName('reportSite') ?? '默认'}</span>;
}

describe('the shell', () => {
  it('shows 应用信息’s 系统名称 once /api/app/view answers, and remembers it', async () => {
    const asked: string[] = [];
    server.use(
      mswHttp.get('*/api/app/view', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('appId') ?? '');
        return HttpResponse.json(envelope({ appId: 'reportSite', name: '云溪县政务信息报送系统' }));
      }),
    );
    render(<Title />);
    expect(screen.getByTestId('title')).toHaveTextContent('默认');
    expect(await screen.findByText('云溪县政务信息报送系统')).toBeInTheDocument();
    expect(asked).toEqual(['reportSite']);
    // The tab title follows in an effect after the render that showed the name.
    await waitFor(() => expect(document.title).toBe('云溪县政务信息报送系统'));
    expect(localStorage.getItem('portal-appName-reportSite')).toBe('云溪县政务信息报送系统');
  });

  it('keeps the spec’s title when the call fails', async () => {
    let answered = false;
    server.use(
      mswHttp.get('*/api/app/view', () => {
        answered = true;
        return HttpResponse.json(envelope(null, '500', '系统错误'));
      }),
    );
    render(<Title />);
    // After the failed answer has been handled (was: 50 ms after the render, which on a loaded machine can
    // come before the call was even made, so the check proved nothing).
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByTestId('title')).toHaveTextContent('默认');
  });

  it('shows the home crumb once: the server’s 首页 group and repeated steps are dropped', () => {
    expect(crumbSteps([{ label: '首页', to: '/' }, { label: '待审文章', to: '/main/home/audit' }], '首页')).toEqual([
      { label: '待审文章', to: '/main/home/audit' },
    ]);
    expect(crumbSteps([{ label: '首页' }, { label: '内容管理' }, { label: '内容管理' }, { label: '文章管理', to: '/a' }, { label: '编辑' }], '首页')).toEqual([
      { label: '内容管理' },
      { label: '文章管理', to: '/a' },
      { label: '编辑' },
    ]);
    expect(crumbSteps([{ label: '工作台', to: '/' }], '工作台')).toEqual([]);
  });

  it('finds menu entries by name or pinyin initials, with their groups', () => {
    const tree: MenuNode[] = [
      {
        id: 1, parentId: 0, name: '内容管理', alias: 'c', type: 'Catalogue',
        children: [
          { id: 2, parentId: 1, name: '文章管理', alias: 'essay', type: 'Menu' },
          { id: 3, parentId: 1, name: '新增', alias: 'essay:add', type: 'Button' },
        ],
      },
      { id: 4, parentId: 0, name: '首页', alias: 'home', type: 'Catalogue', children: [] },
    ];
    const entries = menuEntries(tree);
    expect(entries.map((e) => [e.node.name, e.groups])).toEqual([['文章管理', ['内容管理']], ['首页', []]]);
    const initials = (name: string) => ({ 文章管理: 'wzgl', 首页: 'sy' })[name] ?? '';
    expect(matchEntries(entries, ' 文章 ', initials).map((e) => e.node.name)).toEqual(['文章管理']);
    expect(matchEntries(entries, 'ZG', initials).map((e) => e.node.name)).toEqual(['文章管理']);
    expect(matchEntries(entries, 'zg').map((e) => e.node.name)).toEqual([]);
    expect(matchEntries(entries, '  ', initials)).toEqual([]);
  });
});
