import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import report from '../../../resources/report';
import { GenericList } from '../../../src/generic/GenericList';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, fakeAuthProvider, useMsw } from './helpers';

// 报送管理 on the generic list (issue 19, session 24): the article's answered values as columns, 通过 / 退回
// only for submissions under review, each over the audit call with the opinion dialog.
const { on, server } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);
const ROWS = [
  { articleId: 11, title: '春耕动员会召开', columnTitle: '部门动态', status: 4, deptName: '县农业农村局', creatorName: '李晓', submitTime: '2026-11-20 09:00:00', lastOpinion: null },
  { articleId: 12, title: '秋季运动会闭幕', columnTitle: '部门动态', status: 5, deptName: '县教育局', creatorName: '陈静', submitTime: '2026-11-18 10:00:00', lastOpinion: '同意' },
];

describe('the generic 报送管理 list', () => {
  it('shows the answered article values and audits a submission under review with an opinion', async () => {
    const listed = on('/api/report/reportList', { list: ROWS, currPage: 1, totalRow: 2, totalPage: 1 });
    const audit = on('/api/report/reportAudit', null);
    render(
      <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider()} initialEntries={['/report']}>
        <ResourceContextProvider value="report">
          <GenericList decl={report} />
        </ResourceContextProvider>
      </AdminWrapper>,
    );
    const table = await screen.findByRole('table', { name: '报送列表' }, { timeout: 10_000 });
    const review = (await within(table).findByText('春耕动员会召开')).closest('tr')!;
    const published = within(table).getByText('秋季运动会闭幕').closest('tr')!;
    expect(review.textContent).toContain('县农业农村局');
    expect(review.textContent).toContain('审核中');
    expect(listed[0]!.body).not.toHaveProperty('sortField');
    expect(within(published).queryByRole('button', { name: '通过' })).toBeNull();
    expect(within(published).getByRole('button', { name: '预览' })).toBeInTheDocument();
    // 报送统计 is a toolbar button (a dialog), not a second search form under the table.
    expect(screen.getByRole('button', { name: '报送统计' })).toBeInTheDocument();
    expect(screen.getAllByRole('search')).toHaveLength(1);

    fireEvent.click(within(review).getByRole('button', { name: '退回' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定退回该报送吗？');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /审核意见/ }), { target: { value: '请补充图片' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(audit).toHaveLength(1));
    expect(audit[0]!.body).toEqual({ id: 11, status: 2, opinion: '请补充图片' });
  }, 60_000);

  // Session 27: 预览 is the action's `previewOf: 'article'` (src/generic/PreviewOfDialog.tsx), no panel of its own.
  it('预览 opens the article\'s declared preview of the row, read by the article\'s get call', async () => {
    on('/api/report/reportList', { list: ROWS, currPage: 1, totalRow: 2, totalPage: 1 });
    const asked: string[] = [];
    server.use(
      mswHttp.get(`*/api/article/redisByArticleId`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('articleId') ?? '');
        return HttpResponse.json({ errorCode: '0', errorMsg: '操作成功', data: { articleId: 12, title: '秋季运动会闭幕', content: '<p>正文</p>', columnTitle: '部门动态', flowList: [] } });
      }),
    );
    render(
      <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider()} initialEntries={['/report']}>
        <ResourceContextProvider value="report">
          <GenericList decl={report} />
        </ResourceContextProvider>
      </AdminWrapper>,
    );
    const table = await screen.findByRole('table', { name: '报送列表' }, { timeout: 10_000 });
    const published = (await within(table).findByText('秋季运动会闭幕')).closest('tr')!;
    fireEvent.click(within(published).getByRole('button', { name: '预览' }));
    const dialog = await screen.findByRole('dialog', { name: '秋季运动会闭幕' });
    await waitFor(() => expect(asked).toEqual(['12']));
    expect(within(dialog).getByRole('button', { name: '关闭' })).toBeInTheDocument();
  }, 60_000);
});
