import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import user from '../../../resources/user';
import type { ResourceDecl } from '../../../resources/types';
import { GenericList } from '../../../src/generic/GenericList';
import { filledText } from '../../../src/generic/AnswerDialog';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, fakeAuthProvider, useMsw } from './helpers';

// An action's answer in a dialog (ActionDecl.answerDialog): 重置密码 shows the generated password once; the
// page-call column (发文数) and the answered columns (所属部门, 角色) in the generic list.
const { on } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);
const USERS = [{ userId: 5, username: 'jiaoyu', name: '教育局专员', deptId: 2, deptName: '县教育局', roleName: '信息员', roleIds: [3], status: 1 }];
// No tree beside the table: this test is about the row.
const decl: ResourceDecl = { ...user, list: { ...user.list, treeFilter: undefined } };

describe('the generic 用户 list', () => {
  it('shows the answered and page-call columns, and 重置密码 answers in a dialog', async () => {
    on('/ding/user/list', { list: USERS, currPage: 1, totalRow: 1, totalPage: 1 });
    on('/ding/user/articleNum', [{ userId: 5, articleNum: 17 }]);
    const reset = on('/ding/user/resetPwd', { userId: 5, username: 'jiaoyu', password: 'Xy#12345abcd' });
    render(
      <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider()} initialEntries={['/user']}>
        <ResourceContextProvider value="user">
          <GenericList decl={decl} />
        </ResourceContextProvider>
      </AdminWrapper>,
    );
    const table = await screen.findByRole('table', { name: '用户列表' }, { timeout: 10_000 });
    const row = (await within(table).findByText('教育局专员')).closest('tr')!;
    await waitFor(() => expect(row.textContent).toContain('17'));
    expect(row.textContent).toContain('县教育局');
    expect(row.textContent).toContain('信息员');

    fireEvent.click(within(row).getByRole('button', { name: '重置密码' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(reset).toHaveLength(1));
    expect(reset[0]!.body).toEqual({ userId: 5 });
    expect((await screen.findByTestId('answer-password')).textContent).toBe('Xy#12345abcd');
    expect(screen.getByText(/请将新密码告知用户/)).toBeInTheDocument();
  }, 60_000);

  it('fills {name} from the answer and leaves the rest as written', () => {
    const parts = filledText('用户 {username} 的新密码：{password}', { username: 'a', password: 'b' });
    expect(parts).toHaveLength(5);
  });
});
