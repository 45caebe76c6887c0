import { render, screen } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDataProvider, createHttpClient } from '../../../providers';
import { CopiesStatus } from '../../../src/components/generation/CopiesStatus';
import { resources } from '../../../src/resources';
import { AdminWrapper, API, envelope, fakeAuthProvider, useMsw } from './helpers';

// 静态生成 (session 31): after a bulk run the pages are live and their .br/.gz are made in the background; the screen
// says how many still wait, asks again while some do, and says when they all exist.
const { server } = useMsw();
const dataProvider = createDataProvider(createHttpClient({ apiUrl: API, onUnauthorized: () => undefined }), resources);

function answering(counts: number[]) {
  const asked: number[] = [];
  server.use(
    mswHttp.get(`${API}/api/generate/copies`, () => {
      const pending = counts[Math.min(asked.length, counts.length - 1)]!;
      asked.push(pending);
      return HttpResponse.json(envelope({ pending }));
    }),
  );
  return asked;
}

const shown = (after: unknown = null) =>
  render(
    <AdminWrapper dataProvider={dataProvider} authProvider={fakeAuthProvider()}>
      <CopiesStatus after={after} />
    </AdminWrapper>,
  );

describe('静态生成: the copies still being made', () => {
  it('shows how many pages wait, asks again, and says when every copy exists', async () => {
    const asked = answering([1200, 0]);
    shown();
    expect((await screen.findByRole('status', {}, { timeout: 10_000 })).textContent).toContain('还有 1200 个页面的压缩副本正在后台生成');
    expect((await screen.findByText('压缩副本已全部生成。', {}, { timeout: 10_000 })).closest('[role="status"]')).not.toBeNull();
    expect(asked).toEqual([1200, 0]);
  }, 30_000);

  it('shows nothing when no page waits, and does not ask again', async () => {
    const asked = answering([0]);
    const { container } = shown();
    await new Promise((r) => setTimeout(r, 4000));
    expect(asked).toEqual([0]);
    expect(container.textContent).not.toContain('压缩副本');
  }, 30_000);
});
