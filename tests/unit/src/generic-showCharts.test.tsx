import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import survey from '../../../resources/survey';
import type { FieldToggleDecl, ResourceDecl } from '../../../resources/types';
import ShowCharts from '../../../src/generic/ShowCharts';
import { ShowPaged } from '../../../src/generic/ShowPaged';
import { RowLinks } from '../../../src/generic/RowLinks';
import { ToggleField } from '../../../src/generic/ToggleField';
import { AdminWrapper, envelope, fakeAuthProvider, useMsw } from './helpers';

// Generic show charts, show paged tables, list toggles and row links' states (issue 19, session 25),
// on 问卷调查's declaration: the module's data provider calls the page's own origin, so handlers match any host.
const decl = survey as ResourceDecl;
const page = (list: unknown[]) => ({ list, currPage: 1, totalRow: list.length, totalPage: 1 });

function withRecord(record: Record<string, unknown>, children: React.ReactNode, allow = true) {
  return render(
    <AdminWrapper authProvider={fakeAuthProvider(() => allow)}>
      <ResourceContextProvider value="survey">
        <RecordContextProvider value={record}>{children}</RecordContextProvider>
      </ResourceContextProvider>
    </AdminWrapper>,
  );
}

describe('showCharts and showPaged', () => {
  const { server } = useMsw();
  const seen: { path: string; body: Record<string, unknown> }[] = [];
  const answer = (path: string, data: unknown) =>
    mswHttp.post(`*${path}`, async ({ request }) => {
      seen.push({ path, body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json(envelope(data));
    });

  it('charts each group of the call made with the record id: a pie, bars, a paged list; the total by its test id', async () => {
    server.use(
      answer('/survey/answerdetail', {
        recordCount: 2,
        questions: [
          { id: 11, title: '满意吗', type: 0, typeName: '单选', answered: 2, options: [{ content: '满意', count: 1, percent: 50 }, { content: '不满意', count: 1, percent: 50 }] },
          { id: 12, title: '改善哪些', type: 1, typeName: '多选', answered: 2, options: [{ content: '线路', count: 2, percent: 100 }] },
          { id: 13, title: '建议', type: 2, typeName: '文本', answered: 1, options: [] },
        ],
      }),
      answer('/survey/text', page([{ id: 1, content: '多开夜班车', createTime: '2026-11-01 10:00:00' }])),
    );
    withRecord({ id: 7, title: '问卷' }, <ShowCharts decl={decl} />);
    await waitFor(() => expect(screen.getByTestId('survey-record-count').textContent).toBe('2'));
    const charts = screen.getAllByTestId('survey-chart');
    expect(charts.map((c) => c.getAttribute('data-chart-kind'))).toEqual(['pie', 'bar']);
    expect(within(charts[0]!).getByTestId('survey-legend').textContent).toContain('满意：1票（50%）');
    expect(within(charts[1]!).getByTestId('survey-legend').textContent).toContain('线路：2票（100%）');
    screen.getByText('1. 满意吗（单选，2人作答）');
    await screen.findByText('多开夜班车');
    expect(seen.find((s) => s.path === '/survey/answerdetail')?.body).toEqual({ id: 7 });
    expect(seen.find((s) => s.path === '/survey/text')?.body).toMatchObject({ id: 13, pageNum: 1, pageSize: 10 });
  }, 30_000);

  it('shows a paged table of a call made with the record key under its param, empty values by their text', async () => {
    server.use(answer('/survey/record/list', page([{ id: 5, name: null, phone: '138****1111', createTime: '2026-11-02 09:00:00' }])));
    withRecord({ id: 8, title: '问卷' }, <ShowPaged decl={decl} />);
    await screen.findByText('138****1111');
    screen.getByText('答卷记录');
    screen.getByText('匿名');
    expect(seen.find((s) => s.path === '/survey/record/list')?.body).toMatchObject({ surveyId: 8, pageNum: 1 });
  }, 30_000);
});

describe('a field toggle in the list', () => {
  const { server } = useMsw();
  const field = decl.fields.find((f) => f.name === 'publicResult')!;

  it('saves { id, field } through the update call when switched', async () => {
    const bodies: unknown[] = [];
    server.use(mswHttp.post('*/survey/add', async ({ request }) => (bodies.push(await request.json()), HttpResponse.json(envelope({ id: 3 })))));
    withRecord({ id: 3, title: '公交', publicResult: 0 }, <ToggleField decl={decl} source="publicResult" field={field} toggle={field.toggle as FieldToggleDecl} />);
    const toggle = await screen.findByRole('switch', { name: '公开“公交”的调查结果' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(bodies).toEqual([{ id: 3, publicResult: 1 }]));
  }, 30_000);

  it('is the option label without the update key', async () => {
    withRecord({ id: 3, title: '公交', publicResult: 1 }, <ToggleField decl={decl} source="publicResult" field={field} toggle={field.toggle as FieldToggleDecl} />, false);
    await screen.findByText('公开');
    expect(screen.queryByRole('switch')).toBeNull();
  }, 30_000);
});

describe('row links in states', () => {
  it('shows 统计结果 only for a survey that has started', async () => {
    const first = withRecord({ id: 1, status: 0 }, <RowLinks decl={decl} />);
    await waitFor(() => expect(screen.queryByRole('button', { name: '统计结果' })).toBeNull());
    first.unmount();
    withRecord({ id: 2, status: 3 }, <RowLinks decl={decl} />);
    await screen.findByRole('button', { name: '统计结果' });
  }, 30_000);
});
