import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import siteSetting from '../../../resources/siteSetting';
import { SingletonForm } from '../../../src/generic/SingletonForm';
import { AdminWrapper, API, envelope, useMsw } from './helpers';

// 站点设置 on the generic views (issue 19): a singleton declaration's list is the form of its one record;
// 保存 sends only what changed; a field with `choicesFrom` is a select of what the call answers.
const { server, on } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), [siteSetting]);
const stored = { id: 1, siteName: '云溪县人民政府门户网站', siteDomain: null, templateSkin: 'default', grayMode: 0, updateTime: '2026-01-02 10:00:00', updaterName: '管理员' };

describe('<SingletonForm> of 站点设置', () => {
  it('shows the record, offers the skins, and saves the changed fields with the server’s notes', async () => {
    on('/site/setting/get', stored);
    server.use(mswHttp.get(`${API}/api/template/query/app/skin`, () => HttpResponse.json(envelope([{ name: 'default' }, { name: 'red' }]))));
    const saves = on('/site/setting/save', { ...stored, siteDomain: 'www.yunxi.gov.cn', statCodeNotes: ['内联脚本已移除'] });
    const { container } = render(
      <AdminWrapper dataProvider={dataProvider}>
        <SingletonForm decl={siteSetting} />
      </AdminWrapper>,
    );
    await waitFor(() => expect(container.querySelector<HTMLInputElement>('input[name="siteName"]')?.value).toBe('云溪县人民政府门户网站'), { timeout: 10_000 });
    // 当前模板 becomes a select of the template module's skins.
    await screen.findByRole('combobox', { name: /当前模板/ });
    fireEvent.change(container.querySelector('input[name="siteDomain"]')!, { target: { value: 'www.yunxi.gov.cn' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toEqual({ siteDomain: 'www.yunxi.gov.cn' });
    const note = await screen.findByRole('alert');
    expect(within(note).getByText('内联脚本已移除')).toBeInTheDocument();
    expect(note.textContent).toContain('网站统计代码');
  }, 30_000);
});
