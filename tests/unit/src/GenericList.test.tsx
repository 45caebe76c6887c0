import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import announcement from '../../../resources/announcement';
import { GenericList } from '../../../src/generic/GenericList';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, envelope, fakeAuthProvider, useMsw } from './helpers';

const { on } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);

const rows = [
  { id: 7, title: '关于春节放假的通知', type: 1, isTop: 1, status: 1, deptName: '办公室', publishTime: '2024-02-01 09:00:00', creatorName: '张三' },
  { id: 8, title: '招聘结果公示', type: 3, isTop: 0, status: 2, deptName: '人事科', publishTime: '2024-01-15 10:30:00', creatorName: '李四' },
];

function renderList(allow?: (resource: string, action: string) => boolean) {
  return render(
    <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider(allow)} initialEntries={['/announcement']}>
      <ResourceContextProvider value="announcement">
        <GenericList decl={announcement} />
      </ResourceContextProvider>
    </AdminWrapper>,
  );
}

describe('GenericList of announcement', () => {
  it('asks for page 1 of 10 in the declared order and renders rows with enum labels', async () => {
    const seen = on('/announcement/list', { list: rows, currPage: 1, totalRow: 2, totalPage: 1 });
    renderList();
    expect(await screen.findByText('关于春节放假的通知', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(seen[0]!.body).toMatchObject({ pageNum: 1, pageSize: 10, sortField: 'publishTime', sortOrder: 'DESC' });

    const first = screen.getByText('关于春节放假的通知').closest('tr')!;
    expect(within(first).getByText('通知')).toBeInTheDocument();
    expect(within(first).getByText('是')).toBeInTheDocument();
    expect(within(first).getByText('已发布')).toBeInTheDocument();
    expect(within(first).getByText('2024-02-01 09:00:00')).toBeInTheDocument();
    const second = screen.getByText('招聘结果公示').closest('tr')!;
    expect(within(second).getByText('公示')).toBeInTheDocument();
    expect(within(second).getByText('已下线')).toBeInTheDocument();

    // Column headers are the declared labels; rich text (content) is not a column.
    for (const label of ['标题', '类型', '置顶', '状态', '部门名称', '发布时间', '创建人']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(label) })).toBeInTheDocument();
    }
    expect(screen.queryByRole('columnheader', { name: /内容/ })).not.toBeInTheDocument();

    // Row actions and the create button, all allowed here.
    expect(await within(first).findByRole('link', { name: '编辑' })).toHaveAttribute('href', '/announcement/7');
    expect(within(first).getByRole('link', { name: '查看' })).toHaveAttribute('href', '/announcement/7/show');
    expect(within(first).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新增' })).toHaveAttribute('href', '/announcement/create');
    // The first render in the file also loads the date pickers' chunk (MUI X) for the 发布时间 range.
  }, 60_000);

  it('offers the page sizes 10 to 200', async () => {
    on('/announcement/list', { list: rows, currPage: 1, totalRow: 2, totalPage: 1 });
    renderList();
    await screen.findByText('关于春节放假的通知');
    expect(screen.getByText('第 1-2 条，共 2 条')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /每页条数/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '30', '50', '100', '200']);
  });

  it('sends the filter values and shows the empty state', async () => {
    const seen = on('/announcement/list', { list: [], currPage: 1, totalRow: 0, totalPage: 0 });
    renderList();
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(seen[0]!.body).not.toHaveProperty('title');
  });

  it('hides the buttons the permissions do not allow', async () => {
    on('/announcement/list', { list: rows, currPage: 1, totalRow: 2, totalPage: 1 });
    renderList((_resource, action) => action === 'list');
    await screen.findByText('关于春节放假的通知');
    // Give the access checks time to settle before looking for what must be absent.
    await waitFor(() => expect(screen.queryByRole('link', { name: '新建' })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
  });

  it('asks for confirmation (提示信息 / 确定 / 取消) before deleting, then calls the declared path', async () => {
    on('/announcement/list', { list: rows, currPage: 1, totalRow: 2, totalPage: 1 });
    const deleted: string[] = [];
    on('/announcement/dels', (req) => {
      deleted.push(new URL(req.url).searchParams.get('ids') ?? '');
      return HttpResponse.json(envelope(null));
    });
    renderList();
    const first = (await screen.findByText('关于春节放假的通知')).closest('tr')!;
    fireEvent.click(within(first).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('提示信息')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(deleted).toEqual(['7']));
  });
});
