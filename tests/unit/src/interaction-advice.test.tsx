import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import { resources } from '../../../src/resources';
import { ResourceContextProvider } from 'react-admin';
import advice from '../../../resources/advice';
import { GenericList } from '../../../src/generic/GenericList';
import { AdminWrapper, API, fakeAuthProvider, useMsw } from './helpers';

const { on } = useMsw();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
const dataProvider = createDataProvider(http, resources);

const topics = [
  { id: 5, title: '农村人居环境整治方案征求意见', solicitDept: '县农业农村局', status: 1, startTime: '2025-01-01 09:00:00', endTime: '2025-02-01 18:00:00', opinionCount: 2, resultTime: null },
  { id: 6, title: '家庭医生签约服务意见征集', solicitDept: '县卫生健康局', status: 2, startTime: '2024-10-01 09:00:00', endTime: '2024-11-01 18:00:00', opinionCount: 1, resultTime: null, resultContent: null },
];

describe('advice topics list', () => {
  function renderList(allow?: (resource: string, action: string) => boolean) {
    render(
      <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider(allow)} initialEntries={['/advice']}>
        {/* 意见征集 is on the generic list (issue 19): its declared actions give the buttons and dialogs. */}
        <ResourceContextProvider value="advice">
          <GenericList decl={advice} />
        </ResourceContextProvider>
      </AdminWrapper>,
    );
  }

  it('shows the status labels and the buttons each status allows; 结果反馈 sends the text as paragraphs', async () => {
    on('/advice/list', { list: topics, currPage: 1, totalRow: 2, totalPage: 1 });
    const replies = on('/advice/resultReply', { id: 6, status: 3 });
    renderList();
    const collecting = (await screen.findByText('农村人居环境整治方案征求意见')).closest('tr')!;
    const ended = screen.getByText('家庭医生签约服务意见征集').closest('tr')!;
    expect(within(collecting).getByText('征集中')).toBeInTheDocument();
    expect(within(ended).getByText('已结束')).toBeInTheDocument();
    expect(await within(collecting).findByRole('button', { name: '停止征集' })).toBeInTheDocument();
    expect(within(collecting).queryByRole('button', { name: '结果反馈' })).not.toBeInTheDocument();
    expect(await within(ended).findByRole('button', { name: '结果反馈' })).toBeInTheDocument();
    expect(within(ended).queryByRole('button', { name: '停止征集' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导出Excel' })).toBeInTheDocument();

    fireEvent.click(within(ended).getByRole('button', { name: '结果反馈' }));
    const dialog = await screen.findByRole('dialog', { name: '结果反馈' });
    fireEvent.click(within(dialog).getByRole('button', { name: '发布反馈' }));
    expect(await within(dialog).findByText('请输入反馈内容')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '反馈内容' }), { target: { value: '共收到意见1条。\n自下月起每季度上门随访<一次>。' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发布反馈' }));
    await waitFor(() => expect(replies).toHaveLength(1));
    expect(replies[0]!.body).toEqual({ id: 6, resultContent: '<p>共收到意见1条。</p><p>自下月起每季度上门随访&lt;一次&gt;。</p>' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '结果反馈' })).not.toBeInTheDocument());
  });

  it('结果反馈 on a topic already answered starts with its published text, one paragraph per line', async () => {
    const answered = { ...topics[1], status: 3, resultContent: '<p>共收到意见1条。</p><p>每季度上门随访&lt;一次&gt;。</p>' };
    on('/advice/list', { list: [answered], currPage: 1, totalRow: 1, totalPage: 1 });
    renderList();
    const row = (await screen.findByText('家庭医生签约服务意见征集')).closest('tr')!;
    fireEvent.click(await within(row).findByRole('button', { name: '结果反馈' }));
    const dialog = await screen.findByRole('dialog', { name: '结果反馈' });
    expect(within(dialog).getByRole('textbox', { name: '反馈内容' })).toHaveValue('共收到意见1条。\n每季度上门随访<一次>。');
  });

  it('查看意见 lists the public opinions of the topic', async () => {
    on('/advice/list', { list: topics, currPage: 1, totalRow: 2, totalPage: 1 });
    const details = on('/advice/detail', {
      ...topics[0],
      opinions: [
        { id: 1, name: '徐先生', phone: '13867501301', content: '建议先在集镇试点垃圾分类。', queryCode: 'Q1', createTime: '2025-01-05 10:00:00' },
        { id: 2, name: null, phone: '13867501302', content: '厕所改造要因地制宜。', queryCode: 'Q2', createTime: '2025-01-06 11:00:00' },
      ],
    });
    renderList();
    const collecting = (await screen.findByText('农村人居环境整治方案征求意见')).closest('tr')!;
    fireEvent.click(await within(collecting).findByRole('button', { name: '查看意见' }));
    const dialog = await screen.findByRole('dialog', { name: /征集意见/ });
    expect(await within(dialog).findByText('建议先在集镇试点垃圾分类。')).toBeInTheDocument();
    expect(within(dialog).getByText('匿名')).toBeInTheDocument();
    expect(details[0]!.url.searchParams.get('id')).toBe('5');
  });

  it('hides 停止征集, 结果反馈 and the export without their keys', async () => {
    on('/advice/list', { list: topics, currPage: 1, totalRow: 2, totalPage: 1 });
    renderList((_r, action) => !['advice:stop', 'advice:reply', 'advice:export'].includes(action));
    const collecting = (await screen.findByText('农村人居环境整治方案征求意见')).closest('tr')!;
    await within(collecting).findByRole('button', { name: '查看意见' });
    await waitFor(() => expect(within(collecting).getByRole('button', { name: '删除' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '停止征集' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '结果反馈' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出Excel' })).not.toBeInTheDocument();
  });
});
