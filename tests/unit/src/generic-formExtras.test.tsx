import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import article from '../../../resources/article';
import type { FieldsFromDecl, ResourceDecl } from '../../../resources/types';
import { RecordActions } from '../../../src/generic/ActionButtons';
import { fieldsFromAnswer, fieldsFromQuery, fieldsFromTitle } from '../../../src/generic/fieldsFrom';
import { submitsFor } from '../../../src/generic/FormSubmits';
import { findingsOf } from '../../../src/generic/FormCheck';
import { AdminWrapper, API, useMsw } from './helpers';

// 文章 on the generic views (issue 19): the form's declared submits, the fields a call answers (content
// model), and the workflow steps of ARTICLE_TRANSITIONS as declared row actions.
const decl = article as ResourceDecl;
const from = decl.formFieldsFrom as FieldsFromDecl;

describe('formFieldsFrom: fields a call answers', () => {
  const answer = {
    model: { cmId: 1, cmTipsName: '政策文件' },
    fields: [
      { fieldId: 1, fieldFieldName: 'fwjg', fieldTipsName: '发文机关', fieldType: 1, fieldRequired: 1, fieldOptions: [] },
      { fieldId: 2, fieldFieldName: 'wz', fieldTipsName: '文种', fieldType: 6, fieldRequired: 0, fieldOptions: ['通知', '决定'] },
      { fieldId: 3, fieldFieldName: 'fj', fieldTipsName: '附件', fieldType: 8, fieldRequired: 0 },
      { fieldId: 4, fieldFieldName: 'x', fieldTipsName: '未知', fieldType: 99, fieldRequired: 0 },
    ],
  };

  it('maps each description to a field under the declared source, by the type map', () => {
    const fields = fieldsFromAnswer(answer, from);
    expect(fields.map((f) => [f.name, f.label, f.type, f.required])).toEqual([
      ['modelFields.fwjg', '发文机关', 'text', true],
      ['modelFields.wz', '文种', 'enum', false],
      ['modelFields.fj', '附件', 'file', false],
      ['modelFields.x', '未知', 'text', false],
    ]);
    expect(fields[1]!.options).toEqual([{ value: '通知', label: '通知' }, { value: '决定', label: '决定' }]);
    expect(fieldsFromTitle(answer, from)).toBe('扩展字段（政策文件）');
    expect(fieldsFromAnswer({ model: null, fields: [] }, from)).toEqual([]);
    expect(fieldsFromAnswer(null, from)).toEqual([]);
  });

  it('asks nothing while a parameter is blank', () => {
    expect(fieldsFromQuery(from, { columnId: '' })).toBeNull();
    expect(fieldsFromQuery(from, { columnId: 7 })).toEqual({ columnId: 7 });
  });
});

describe('formSubmits', () => {
  it('a new article and a returned one offer 保存草稿 and 提交审核; one under review only 保存草稿', () => {
    expect(submitsFor(decl, undefined).map((s) => s.label)).toEqual(['保存草稿', '提交审核']);
    expect(submitsFor(decl, { id: 1, status: 2 }).map((s) => s.label)).toEqual(['保存草稿', '提交审核']);
    expect(submitsFor(decl, { id: 1, status: 4 }).map((s) => s.label)).toEqual(['保存草稿']);
  });
});

describe('formCheck: 敏感词检测 before 提交审核', () => {
  it('reads the findings and whether they forbid the submit', () => {
    const check = decl.formCheck!;
    const hit = { word: '某词', levelName: '禁止发布', field: '正文', context: '…【某词】…' };
    expect(findingsOf(check, { hits: [hit], blocked: true })).toEqual({ rows: [hit], blocked: true });
    expect(findingsOf(check, { hits: [], blocked: false })).toEqual({ rows: [], blocked: false });
    expect(findingsOf(check, null)).toEqual({ rows: [], blocked: false });
    expect(decl.formSubmits?.find((s) => s.label === '提交审核')?.check).toBe(true);
  });
});

describe('文章 workflow steps as declared row actions', () => {
  const { on } = useMsw();
  const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), [decl]);
  const renderRow = (record: Record<string, unknown>) =>
    render(
      <AdminWrapper dataProvider={dataProvider}>
        <ResourceContextProvider value="article">
          <RecordContextProvider value={record}>
            <RecordActions decl={decl} place="row" />
          </RecordContextProvider>
        </ResourceContextProvider>
      </AdminWrapper>,
    );

  it('shows the steps of the record state only', async () => {
    const first = renderRow({ id: 3, articleId: 3, status: 4 });
    await screen.findByRole('button', { name: '初审通过' });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['初审通过', '初审退回', '退回', '撤回']);
    first.unmount();
    renderRow({ id: 4, articleId: 4, status: 5 });
    await screen.findByRole('button', { name: '下线' });
    expect(screen.queryByRole('button', { name: '终审发布' })).toBeNull();
  }, 30_000);

  it('退回 needs the opinion, asked in 提示信息, and posts { id, opinion }', async () => {
    const seen = on('/api/article/reject', 1);
    renderRow({ id: 9, articleId: 9, status: 6 });
    fireEvent.click(await screen.findByRole('button', { name: '退回' }));
    const dialog = await screen.findByRole('dialog', { name: '提示信息' });
    within(dialog).getByText('确定执行“退回”吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await within(dialog).findByText('请输入审核意见');
    expect(seen).toHaveLength(0);
    fireEvent.change(dialog.querySelector('textarea[name="opinion"]')!, { target: { value: '数据有误' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.body).toEqual({ id: 9, opinion: '数据有误' });
  }, 30_000);
});
