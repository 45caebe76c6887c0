import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import person from '../../../resources/person';
import { RecordActions } from '../../../src/generic/ActionButtons';
import { AdminWrapper, API, useMsw } from './helpers';

// 会员中心 on the generic views (issue 19): its declared actions send the spec's bodies — the key as
// `puPeopleId`, 冻结 / 解冻 as one action whose variant (the record's state) sets the label, question and value.
const { on } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), [person]);

function renderRow(record: Record<string, unknown>) {
  return render(
    <AdminWrapper dataProvider={dataProvider}>
      <ResourceContextProvider value="person">
        <RecordContextProvider value={record}>
          <RecordActions decl={person} place="row" />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminWrapper>,
  );
}

describe('会员中心 row actions', () => {
  it('审核 asks 审核结果 / 审核意见 and posts { puPeopleId, authStatus, remark }', async () => {
    const seen = on('/admin/people/peopleAudit', null);
    renderRow({ id: 5, puPeopleId: 5, userStatus: 1, state: 0, readState: 1 });
    // Already read: no 标记已读 (shownWhen), under review: 审核.
    fireEvent.click(await screen.findByTestId('action-peopleAudit'));
    expect(screen.queryByTestId('action-readAudit')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: '实名认证审核' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /审核结果/ }));
    fireEvent.click(await screen.findByRole('option', { name: '不通过' }));
    fireEvent.change(dialog.querySelector('textarea[name="remark"]')!, { target: { value: '照片不清' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ puPeopleId: 5, authStatus: 'FAIL', remark: '照片不清' });
  }, 30_000);

  it('冻结 on an active member, 解冻 on a frozen one, each after its question, with the state to set', async () => {
    const seen = on('/admin/people/banAudit', null);
    const first = renderRow({ id: 6, puPeopleId: 6, userStatus: 2, state: 0, readState: 0 });
    expect(await screen.findByTestId('action-readAudit')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '冻结' }));
    await screen.findByText('确定冻结该会员吗？冻结后该会员将被退出登录且不能再登录。');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ puPeopleId: 6, state: 1 });
    first.unmount();

    renderRow({ id: 7, puPeopleId: 7, userStatus: 3, state: 1, readState: 1 });
    expect(screen.queryByTestId('action-peopleAudit')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '解冻' }));
    await screen.findByText('确定解冻该会员吗？');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.body).toEqual({ puPeopleId: 7, state: 0 });
  }, 30_000);
});
