import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import { resources } from '../../../src/resources';
import themeDecl from '../../../resources/theme';
import { GenericList } from '../../../src/generic/GenericList';
import { changedInputs } from '../../../src/generic/actionCallParts';
import { AdminWrapper, API, fakeAuthProvider, useMsw } from './helpers';

const { on } = useMsw();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
const dataProvider = createDataProvider(http, resources);

const base = { isShow: 0, isOpen: 1, isRecommend: 0, replyState: 0, replyCount: 0, handleState: 0, deptName: null, createTime: '2026-11-20 09:00:00' };
const themes = [
  { ...base, id: 11, channel: 'll', title: '县城老旧小区停车难的建议', content: '车位不足', name: '李国华', phone: '13757803110', status: 0 },
  { ...base, id: 12, channel: 'bbs', title: '县人民医院周末能否开放专家门诊', content: '周末门诊', name: '孙雅琴', phone: '13757803108', status: 0, plateName: '医疗卫生' },
  { ...base, id: 13, channel: 'xax', title: '异地就医备案怎么办理', content: '备案材料', name: '王浩', phone: '13757803109', status: 3 },
  { ...base, id: 14, channel: 'xax', title: '县实验小学门口交通拥堵', content: '拥堵', name: '吴志强', phone: '13757803102', status: 1 },
];
// Since session 25 the theme screen is the generic list of resources/theme.ts (its actions' calls and the 详情 thread).
const ThemeList = () => <GenericList decl={themeDecl} />;
const update = themeDecl.actions!.find((a) => a.name === 'update')!;
const changedThemeFields = (record: Record<string, unknown>, values: Record<string, unknown>) => changedInputs(update.input!, record, values);
const deptTree = [{ value: 1, label: '县政府', children: [{ value: 2, label: '县政府办公室', children: [] }, { value: 3, label: '县教育局', children: [{ value: 10, label: '县第一中学', children: [] }] }] }];

function renderList(allow?: (resource: string, action: string) => boolean) {
  on('/theme/list', { list: themes, currPage: 1, totalRow: themes.length, totalPage: 1 });
  render(
    <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider(allow)} initialEntries={['/main/interact/themeManage']}>
      <ThemeList />
    </AdminWrapper>,
  );
}

const row = async (title: string) => (await screen.findByText(title)).closest('tr')!;
const select = async (title: string) => fireEvent.click(within(await row(title)).getByRole('checkbox'));

/** Opens 审核 / 批量审核, picks the result, presses 确定 and answers the confirmation dialog. */
async function auditDialog(button: HTMLElement, result: string) {
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: '审核主题' });
  fireEvent.mouseDown(within(dialog).getByRole('combobox'));
  fireEvent.click(within(await screen.findByRole('listbox')).getByText(result));
  fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
  return screen.findByRole('dialog', { name: '提示信息' });
}

describe('theme audit buttons', () => {
  it('bulk audit of ll and forum topics: a confirmation naming count and result, then /ll/theme/themeAudit with the selected ids', async () => {
    const seen = on('/ll/theme/themeAudit', 2);
    renderList();
    await select('县城老旧小区停车难的建议');
    await select('县人民医院周末能否开放专家门诊');
    const confirm = await auditDialog(await screen.findByRole('button', { name: '批量审核' }), '审核通过');
    expect(within(confirm).getByText('确定将选中的2条主题审核为「审核通过」吗？')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.url.pathname).toBe('/ll/theme/themeAudit');
    expect(seen[0]!.body).toMatchObject({ status: 1 });
    expect((seen[0]!.body as { ids: number[] }).ids.sort()).toEqual([11, 12]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('xax themes go to /xax/theme/themeAuditShow (audit without publishing); 取消 in the confirmation sends nothing', async () => {
    const seen = on('/xax/theme/themeAuditShow', 1);
    renderList();
    const pending = await row('异地就医备案怎么办理');
    let confirm = await auditDialog(await within(pending).findByRole('button', { name: '审核' }), '审核不通过');
    expect(within(confirm).getByText('确定将该主题审核为「审核不通过」吗？')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '提示信息' })).not.toBeInTheDocument());
    expect(seen).toHaveLength(0);
    // back in the audit dialog: confirm this time
    const dialog = screen.getByRole('dialog', { name: '审核主题' });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    confirm = await screen.findByRole('dialog', { name: '提示信息' });
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ ids: [13], status: 2, remark: '', isShow: 0 });
  });

  it('selected xax and ll themes are not audited together', async () => {
    renderList();
    await select('县城老旧小区停车难的建议');
    await select('异地就医备案怎么办理');
    expect(await screen.findByRole('button', { name: '批量审核' })).toBeDisabled();
  });

  it('without theme:audit there is no audit button', async () => {
    renderList((_, action) => action !== 'theme:audit');
    const pending = await row('县城老旧小区停车难的建议');
    await waitFor(() => expect(within(pending).getByRole('button', { name: '详情' })).toBeInTheDocument());
    expect(await within(pending).findByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: '审核' })).not.toBeInTheDocument();
  });
});

describe('transfer and edit', () => {
  it('转办 picks the department from the tree (/ding/dept/data) and sends its id', async () => {
    on('/ding/dept/data', deptTree);
    const seen = on('/theme/transfer', 1);
    renderList();
    const passed = await row('县实验小学门口交通拥堵');
    fireEvent.click(await within(passed).findByRole('button', { name: '转办' }));
    const dialog = await screen.findByRole('dialog', { name: '转办主题' });
    // nothing is sent without a department (the generic input dialog checks the required field)
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择办理部门')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
    const input = within(dialog).getByRole('combobox', { name: '办理部门' });
    fireEvent.change(input, { target: { value: '教育' } });
    fireEvent.click(await screen.findByRole('option', { name: '县教育局' }));
    expect(within(dialog).getByText('县政府 / 县教育局')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '转办说明' }), { target: { value: '请核实办理' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ ids: [14], deptId: 3, remark: '请核实办理' });
  });

  it('编辑 sends only the changed fields to the channel\'s update call', async () => {
    const seen = on('/xax/theme/update', themes[2]);
    renderList();
    fireEvent.click(await within(await row('异地就医备案怎么办理')).findByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑主题' });
    expect(within(dialog).getByRole('button', { name: '保存' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '标题' }), { target: { value: '医保异地就医备案怎么办理' } });
    fireEvent.click(within(dialog).getByLabelText(/留言人同意公开/));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ id: 13, title: '医保异地就医备案怎么办理', isOpen: 0 });
  });

  it('changedThemeFields compares trimmed text', () => {
    expect(changedThemeFields(themes[0]!, { title: ' 县城老旧小区停车难的建议 ', content: '车位不足', name: '李国华', phone: '13757803110', isOpen: 1 })).toEqual({});
    expect(changedThemeFields(themes[0]!, { title: '停车难', content: '车位不足', name: '李国华', phone: '', isOpen: 1 })).toEqual({ title: '停车难', phone: '' });
  });
});
