import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import passwordRule from '../../../resources/passwordRule';
import { findAction } from '../../../resources/declaredCalls';
import { RecordsPanel } from '../../../src/generic/RecordsPanel';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, fakeAuthProvider, useMsw } from './helpers';

// 密码类型: the generic records panel (`listRecords`) of 密码规则's declaration.
const { on } = useMsw();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
const dataProvider = createDataProvider(http, resources);
const TYPE_PERMISSION = findAction(passwordRule, 'typeSave')!.permission;
const PasswordTypesPanel = () => <RecordsPanel decl={passwordRule} panel={passwordRule.listRecords![0]!} />;

const DEFAULTS = [
  { id: 1, name: '大写字母', pattern: '[A-Z]', remark: '默认', updateTime: '2026-01-01 08:00:00' },
  { id: 2, name: '小写字母', pattern: '[a-z]', remark: '默认', updateTime: '2026-01-01 08:00:00' },
  { id: 3, name: '数字', pattern: '[0-9]', remark: '默认', updateTime: '2026-01-01 08:00:00' },
  { id: 4, name: '特殊字符', pattern: '[^A-Za-z0-9]', remark: '默认', updateTime: '2026-01-01 08:00:00' },
];

function renderPanel(allow: (resource: string, action: string) => boolean = () => true) {
  render(
    <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider(allow)}>
      <PasswordTypesPanel />
    </AdminWrapper>,
  );
}

const rows = () => screen.getAllByTestId('password-type');

describe('<RecordsPanel> of 密码类型', () => {
  it('lists /passwordType/list; edits one through /passwordType/saveOrUpdate and lists again', async () => {
    const list = on('/passwordType/list', DEFAULTS);
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('大写字母[A-Z]'),
      expect.stringContaining('小写字母[a-z]'),
      expect.stringContaining('数字[0-9]'),
      expect.stringContaining('特殊字符[^A-Za-z0-9]'),
    ]);

    const saved = on('/passwordType/saveOrUpdate', { ...DEFAULTS[2], name: '阿拉伯数字' });
    const relist = on('/passwordType/list', [DEFAULTS[0], DEFAULTS[1], { ...DEFAULTS[2], name: '阿拉伯数字' }, DEFAULTS[3]]);
    fireEvent.click(within(rows()[2]!).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑密码类型' });
    const input = (n: string) => dialog.querySelector(`input[name="${n}"]`) as HTMLInputElement;
    expect(input('pattern').value).toBe('[0-9]');

    // Not one character class: refused before anything is sent.
    fireEvent.change(input('pattern'), { target: { value: '(a+)+' } });
    expect(within(dialog).getByText('字符规则须为一个字符类，例如 [A-Z] 或 [^A-Za-z0-9]')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '确定' })).toBeDisabled();

    fireEvent.change(input('pattern'), { target: { value: '[0-9]' } });
    fireEvent.change(input('name'), { target: { value: '阿拉伯数字' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({ id: 3, name: '阿拉伯数字', pattern: '[0-9]', remark: '默认' });
    await waitFor(() => expect(screen.getByText('阿拉伯数字')).toBeInTheDocument());
    expect(list.length + relist.length).toBe(2);
  });

  it('shows the server’s refusal of a save in the dialog', async () => {
    on('/passwordType/list', DEFAULTS);
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(4));
    on('/passwordType/saveOrUpdate', () => new Response(JSON.stringify({ errorCode: '1005', errorMsg: '密码类型最多10个', data: null }), { headers: { 'Content-Type': 'application/json' } }));
    fireEvent.click(screen.getByRole('button', { name: '新增类型' }));
    const dialog = await screen.findByRole('dialog', { name: '新增密码类型' });
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: '汉字' } });
    fireEvent.change(dialog.querySelector('input[name="pattern"]')!, { target: { value: '[\\u4e00-\\u9fa5]' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('密码类型最多10个');
  });

  it('恢复默认 asks first (提示信息); 取消 sends nothing, 确定 calls /passwordType/reset', async () => {
    on('/passwordType/list', [{ ...DEFAULTS[0], name: '大写' }]);
    const reset = on('/passwordType/reset', DEFAULTS);
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '恢复默认' }));
    let confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('提示信息')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('提示信息')).not.toBeInTheDocument());
    expect(reset).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '恢复默认' }));
    confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(reset).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('大写字母');
  });

  it('without passwordType:update: the list only, no 编辑 / 新增类型 / 恢复默认', async () => {
    on('/passwordType/list', DEFAULTS);
    renderPanel((_resource, action) => action !== TYPE_PERMISSION);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增类型' })).toBeNull();
    expect(screen.queryByRole('button', { name: '恢复默认' })).toBeNull();
  });
});
