import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import user from '../../../resources/user';
import { GenericCreate } from '../../../src/generic/GenericForm';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, useMsw } from './helpers';

// The generic form's links input and write-only input (issue 19), on 用户's declaration with a form that names them.
const { on } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);
const decl = { ...user, form: ['username', 'name', 'password', 'roleIds'] };

describe('GenericCreate with a declared link and a write-only field', () => {
  it('asks the password hidden, offers the linked records by name and sends the chosen ids', async () => {
    on('/role/list', { list: [{ roleId: 3, name: '部门信息员' }, { roleId: 5, name: '审核员' }], currPage: 1, totalRow: 2, totalPage: 1 });
    const seen = on('/ding/user/save', { userId: 9 });
    const view = render(
      <AdminWrapper dataProvider={dataProvider} initialEntries={['/user/create']}>
        <ResourceContextProvider value="user">
          <GenericCreate decl={decl} />
        </ResourceContextProvider>
      </AdminWrapper>,
    );
    const field = (name: string) => view.container.querySelector<HTMLInputElement>(`[name="${name}"]`);
    await waitFor(() => expect(field('username')).toBeTruthy());
    expect(field('password')?.type).toBe('password');
    fireEvent.change(field('username')!, { target: { value: 'zhang 3' } });
    fireEvent.change(field('name')!, { target: { value: '张三' } });
    fireEvent.change(field('password')!, { target: { value: 'Mima@2026x' } });
    const roles = screen.getByRole('combobox', { name: '角色' });
    fireEvent.mouseDown(roles);
    fireEvent.click(await screen.findByRole('option', { name: '审核员' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    // The declared pattern refuses the login name before anything is sent.
    const refusal = user.fields.find((f) => f.name === 'username')!.pattern!.message!;
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(seen).toHaveLength(0);
    fireEvent.change(field('username')!, { target: { value: 'zhang3' } });
    await waitFor(() => expect(screen.queryByText(refusal)).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toMatchObject({ username: 'zhang3', name: '张三', password: 'Mima@2026x', roleIds: [5] });
    expect(within(view.container).queryByText('ID 5')).toBeNull();
  }, 30_000);
});
