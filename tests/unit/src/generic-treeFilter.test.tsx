import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import user from '../../../resources/user';
import type { ResourceDecl } from '../../../resources/types';
import { GenericList } from '../../../src/generic/GenericList';
import { withTreeChoice } from '../../../src/generic/TreeFilterPane';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, fakeAuthProvider, useMsw } from './helpers';

// The generic list's tree filter (list.treeFilter): 用户管理's department tree beside the table.
const { on } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);

const DEPTS = [
  { id: 1, parentId: 0, name: '县政府', level: 0, children: [{ id: 2, parentId: 1, name: '县教育局', level: 1, children: [{ id: 4, parentId: 2, name: '县第一中学', level: 2, children: [] }] }, { id: 3, parentId: 1, name: '县卫生健康局', level: 1, children: [] }] },
];
const USERS = [
  { userId: 1, username: 'admin', name: '系统管理员', deptId: 1, status: 1 },
  { userId: 5, username: 'jiaoyu', name: '教育局专员', deptId: 2, status: 1 },
];
// The real declaration with plain columns, so the test needs no department lookups for the table.
const decl: ResourceDecl = { ...user, list: { ...user.list, columns: ['username', 'name'] } };

describe('the generic list with a tree filter (用户管理 by department)', () => {
  it('shows the department tree; a node sends its id as deptId from page 1; 全部 sends none', async () => {
    expect(user.list.treeFilter).toEqual({ field: 'deptId', tree: 'department' });
    on('/ding/dept/tree', DEPTS);
    const seen = on('/ding/user/list', { list: USERS, currPage: 1, totalRow: 2, totalPage: 1 });
    render(
      <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider()} initialEntries={['/user']}>
        <ResourceContextProvider value="user">
          <GenericList decl={decl} />
        </ResourceContextProvider>
      </AdminWrapper>,
    );
    const tree = await screen.findByRole('tree', { name: '部门树' }, { timeout: 10_000 });
    expect(await screen.findByText('教育局专员')).toBeInTheDocument();
    expect(seen[0]!.body).not.toHaveProperty('deptId');
    expect(screen.getByRole('button', { name: '全部' })).toBeDisabled();

    fireEvent.click(within(tree).getByText('县教育局'));
    await waitFor(() => expect(seen.at(-1)!.body).toMatchObject({ deptId: 2, pageNum: 1 }));
    await waitFor(() => expect(within(tree).getByText('县教育局').closest('.MuiTreeItem-content')).toHaveClass('Mui-selected'));

    const count = seen.length;
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    await waitFor(() => expect(seen.length).toBeGreaterThan(count));
    expect(seen.at(-1)!.body).not.toHaveProperty('deptId');
  }, 60_000);

  it('keeps the other search values and numbers a numeric id', () => {
    expect(withTreeChoice({ name: '张', deptId: 3 }, 'deptId', '7')).toEqual({ name: '张', deptId: 7 });
    expect(withTreeChoice({ name: '张', deptId: 3 }, 'deptId', null)).toEqual({ name: '张' });
    expect(withTreeChoice({}, 'code', 'A01')).toEqual({ code: 'A01' });
  });
});
