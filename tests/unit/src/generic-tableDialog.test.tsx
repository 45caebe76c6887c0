import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import advice from '../../../resources/advice';
import type { TableDialogDecl } from '../../../resources/types';
import { TableDialog } from '../../../src/generic/TableDialog';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, fakeAuthProvider, useMsw } from './helpers';

// Issue 19, session 25: an action's `tableDialog` (意见征集's 查看意见, resources/advice.ts) — the get call's
// array paged in the browser, a running number, a blank value's text, the download for its key holder.
const { on } = useMsw();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
const dataProvider = createDataProvider(http, resources);
const table = advice.actions!.find((a) => a.name === 'opinions')!.tableDialog as TableDialogDecl;
const opinions = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: i === 0 ? null : `市民${i + 1}`, phone: '137****0000', content: `意见${i + 1}`, createTime: '2025-01-05 10:00:00' }));

function renderDialog(allow?: (resource: string, action: string) => boolean) {
  render(
    <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider(allow)}>
      <TableDialog decl={advice} table={table} record={{ id: 7, title: '公交线路调整' }} onClose={vi.fn()} />
    </AdminWrapper>,
  );
}

describe('<TableDialog> (an action tableDialog)', () => {
  it('reads the record through the get call and pages its array with numbers, blank text and the title', async () => {
    const gets = on('/advice/detail', { id: 7, title: '公交线路调整', opinions });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '征集意见：公交线路调整' });
    expect(await within(dialog).findByText('意见1')).toBeInTheDocument();
    expect(gets[0]!.url.searchParams.get('id')).toBe('7');
    expect(within(dialog).getByText('匿名')).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(11); // the heading and one page of 10
    expect(within(rows[10]!).getAllByRole('cell')[0]).toHaveTextContent('10');
    expect(within(dialog).queryByText('意见11')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '导出意见' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /next page|下一页/i }));
    expect(await within(dialog).findByText('意见11')).toBeInTheDocument();
  });

  it('says the empty text, and hides the download without its key', async () => {
    on('/advice/detail', { id: 7, title: '公交线路调整', opinions: [] });
    renderDialog((_r, action) => action !== 'advice:export');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('暂无意见')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '导出意见' })).not.toBeInTheDocument();
  });
});
