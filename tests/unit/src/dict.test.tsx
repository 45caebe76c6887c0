import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, RecordContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../providers';
import { ALL_DIC_KEY, dictLabel, ensureAllDic, readAllDic, refreshAllDic } from '../../../src/dict/allDic';
import { DictField, DictHttpContext, DictSelectInput } from '../../../src/dict/DictInputs';
import { renderInput } from '../../../src/generic/inputs';
import { AdminWrapper, API, useMsw } from './helpers';

const { on } = useMsw();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });

const KV = {
  sex: [
    { id: 1, code: '1', name: '男', label: '男', value: '1' },
    { id: 2, code: '2', name: '女', label: '女', value: '2' },
  ],
  letterType: [{ id: 3, code: 'consult', name: '咨询', label: '咨询', value: null, children: [{ id: 4, code: 'policy', name: '政策咨询', label: '政策咨询', value: null }] }],
};

describe('allDic cache', () => {
  it('loads every group into sessionStorage allDic as entries with value and children (code, name, label)', async () => {
    const seen = on('/data/dict/all/kv', KV);
    const groups = await refreshAllDic(http);
    expect(seen).toHaveLength(1);
    const stored = JSON.parse(sessionStorage.getItem(ALL_DIC_KEY) ?? 'null');
    expect(stored).toEqual(groups);
    expect(stored.map((g: { value: string }) => g.value)).toEqual(['sex', 'letterType']);
    expect(stored[0].children[1]).toMatchObject({ code: '2', name: '女', label: '女' });
    expect(stored[1].children[0].children[0].code).toBe('policy');
    expect(dictLabel(readAllDic(), 'letterType', 'policy')).toBe('政策咨询');
    expect(dictLabel(readAllDic(), 'sex', '9')).toBe('9');
  });

  it('uses the cache without calling again; a refresh replaces it', async () => {
    const seen = on('/data/dict/all/kv', KV);
    await ensureAllDic(http);
    await ensureAllDic(http);
    expect(seen).toHaveLength(1);
    on('/data/dict/all/kv', { sex: [{ code: '1', name: '男性', label: '男性' }] });
    await refreshAllDic(http);
    expect(dictLabel(readAllDic(), 'sex', '1')).toBe('男性');
    expect(readAllDic()!.find((g) => g.value === 'letterType')).toBeUndefined();
  });

  it('an unreadable cache counts as empty', () => {
    sessionStorage.setItem(ALL_DIC_KEY, '{not json');
    expect(readAllDic()).toBeNull();
  });
});

describe('dict-backed inputs and fields', () => {
  it('a FieldDecl of type dict renders a select of the group entries and stores the code', async () => {
    on('/data/dict/all/kv', KV);
    let submitted: Record<string, unknown> | null = null;
    render(
      <AdminWrapper>
        <DictHttpContext.Provider value={http}>
          <Form onSubmit={(v: Record<string, unknown>) => (submitted = v)}>
            {renderInput({ name: 'sex', label: '性别', type: 'dict', dict: 'sex' })}
            <button type="submit">保存</button>
          </Form>
        </DictHttpContext.Provider>
      </AdminWrapper>,
    );
    const select = await screen.findByRole('combobox');
    await waitFor(() => expect(readAllDic()).not.toBeNull());
    fireEvent.mouseDown(select);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('男')).toBeInTheDocument();
    fireEvent.click(within(listbox).getByText('女'));
    fireEvent.click(screen.getByText('保存'));
    await waitFor(() => expect(submitted).toMatchObject({ sex: '2' }));
  });

  it('a dict field shows the label of the stored code, and a select lists nested entries', async () => {
    sessionStorage.setItem(ALL_DIC_KEY, JSON.stringify([{ value: 'letterType', children: [{ code: 'consult', name: '咨询', label: '咨询', children: [{ code: 'policy', name: '政策咨询', label: '政策咨询' }] }] }]));
    render(
      <AdminWrapper>
        <DictHttpContext.Provider value={http}>
          <RecordContextProvider value={{ id: 1, letterType: 'policy' }}>
            <DictField source="letterType" dict="letterType" />
          </RecordContextProvider>
          <Form>
            <DictSelectInput source="t" label="信件类型" dict="letterType" />
          </Form>
        </DictHttpContext.Provider>
      </AdminWrapper>,
    );
    expect(await screen.findByText('政策咨询')).toHaveAttribute('data-value', 'policy');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('咨询')).toBeInTheDocument();
    expect(within(listbox).getByText('政策咨询')).toBeInTheDocument();
  });
});
