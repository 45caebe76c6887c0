import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import grandTotal from '../../../resources/grandTotal';
import { fillMessage, UploadDialog } from '../../../src/generic/UploadDialog';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, envelope, useMsw } from './helpers';

// An upload action of the generic views (经济数据's 导入), as declared in resources/economic/area.ts.
const { server } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);
const action = grandTotal.actions.find((a) => a.name === 'import')!;

function renderDialog() {
  const done = vi.fn();
  render(
    <AdminWrapper dataProvider={dataProvider}>
      <UploadDialog decl={grandTotal} action={action} upload={action.upload!} onClose={() => undefined} onDone={done} />
      <Notification />
    </AdminWrapper>,
  );
  return done;
}

const xlsx = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('UploadDialog', () => {
  it('fills the success message from the answer', () => {
    expect(fillMessage('导入成功：新增{added}条，更新{updated}条', { added: 2, updated: 0 })).toBe('导入成功：新增2条，更新0条');
    expect(fillMessage('新增{added}条', null)).toBe('新增{added}条');
  });

  it('keeps a refusal in the dialog, then sends the picked file again and reports the filled message', async () => {
    // Whether the declared field came (jsdom's File does not cross into node's fetch whole; the browser test sends real files).
    const sent: boolean[] = [];
    let answer = envelope(null, '1002', '导入失败，未保存任何数据。第2行：数值必须是数字');
    server.use(
      mswHttp.post(`${API}/economic/grandTotal/import`, async ({ request }) => {
        const file = (await request.formData()).get('file');
        sent.push(file !== null);
        return HttpResponse.json(answer);
      }),
    );
    const done = renderDialog();
    expect(screen.getByText('导入地区生产总值数据')).toBeInTheDocument();
    const input = screen.getByTestId('upload-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [xlsx('gdp.xlsx')] } });
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByTestId('upload-problem')).toHaveTextContent('第2行：数值必须是数字');
    expect(done).not.toHaveBeenCalled();

    answer = envelope({ added: 1, updated: 0 });
    fireEvent.change(input, { target: { files: [xlsx('gdp.xlsx', 12)] } });
    // Picking again clears the old refusal.
    expect(screen.queryByTestId('upload-problem')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByText('导入成功：新增1条，更新0条')).toBeInTheDocument();
    expect(done).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([true, true]);
  }, 20_000);

  it('refuses a file over the declared size before sending it', async () => {
    const sent: unknown[] = [];
    server.use(mswHttp.post(`${API}/economic/grandTotal/import`, () => (sent.push(1), HttpResponse.json(envelope(null)))));
    renderDialog();
    fireEvent.change(screen.getByTestId('upload-file'), { target: { files: [xlsx('big.xlsx', action.upload!.maxBytes + 1)] } });
    expect(screen.getByTestId('upload-problem')).toHaveTextContent('文件不能超过2MB');
    expect(screen.getByRole('button', { name: '导入' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await waitFor(() => expect(sent).toHaveLength(0));
  });

  it('downloads the template with the declared GET call', async () => {
    const methods: string[] = [];
    server.use(
      mswHttp.get(`${API}/economic/grandTotal/template`, ({ request }) => {
        methods.push(request.method);
        return new HttpResponse('xlsx', { headers: { 'Content-Type': 'application/octet-stream' } });
      }),
    );
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => undefined;
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(clicked).toEqual(['地区生产总值导入模板.xlsx']));
    expect(methods).toEqual(['GET']);
    click.mockRestore();
  });
});
