import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import { defineResource, standardPermissions } from '../../../resources/define';
import { RecordActions } from '../../../src/generic/ActionButtons';
import { AdminWrapper, API, useMsw } from './helpers';

// A declared action's `input` fields are asked in a dialog and sent as its body (issue 19).
const { on } = useMsw();
const decl = defineResource({
  name: 'probeAudit',
  table: 'probe_audit',
  label: '审核样例',
  icon: 'Article',
  idField: 'id',
  titleField: 'title',
  api: { list: { path: '/probeAudit/list' }, get: { path: '/probeAudit/view', id: 'body' } },
  fields: [{ name: 'title', label: '标题', type: 'text' }],
  list: { columns: ['title'], filters: [], sortable: [], defaultSort: { field: 'id', order: 'DESC' } },
  permissions: standardPermissions('probeAudit'),
  menu: { group: 'system', path: '/main/system/probeAudit', sort: 999 },
  actions: [
    {
      name: 'audit',
      label: '审核',
      path: '/probeAudit/audit',
      permission: 'probeAudit:audit',
      scope: 'row',
      run: true,
      input: [
        { name: 'result', label: '审核结果', type: 'enum', required: true, options: [{ value: 'PASS', label: '通过' }, { value: 'FAIL', label: '不通过' }] },
        { name: 'opinion', label: '审核意见', type: 'textarea', required: true, maxLength: 200 },
      ],
    },
  ],
});
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), [decl]);

describe('a row action with input fields', () => {
  it('asks them in a dialog, refuses a missing one in Chinese, sends them with the id', async () => {
    const seen = on('/probeAudit/audit', null);
    const view = render(
      <AdminWrapper dataProvider={dataProvider}>
        <ResourceContextProvider value="probeAudit">
          <RecordContextProvider value={{ id: 7, title: '样例' }}>
            <RecordActions decl={decl} place="row" />
          </RecordContextProvider>
        </ResourceContextProvider>
      </AdminWrapper>,
    );
    fireEvent.click(await screen.findByTestId('action-audit'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入审核意见')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /审核结果/ }));
    fireEvent.click(await screen.findByRole('option', { name: '不通过' }));
    const opinion = document.querySelector<HTMLTextAreaElement>('textarea[name="opinion"]')!;
    fireEvent.change(opinion, { target: { value: '材料不全' } });
    await waitFor(() => expect(screen.queryByText('请输入审核意见')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ id: 7, result: 'FAIL', opinion: '材料不全' });
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
  }, 30_000);
});
