import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../providers/http';
import { clearSession, setToken } from '../../../providers/session';
import { withPrefetch } from '../../../src/prefetchCalls';
import { API, collectNotices, envelope, useMsw } from '../providers/msw';

// Calls started ahead right after login (src/prefetchCalls.ts): the first identical call takes the answer,
// once, under the same token, within a few seconds; a failed prefetch is asked again with the caller's notices.
const { on } = useMsw();
const notices = collectNotices();

beforeEach(() => {
  clearSession();
  setToken('tok-a');
  vi.useRealTimers();
});

describe('withPrefetch', () => {
  it('answers the first identical call with the prefetched answer, and asks again after that', async () => {
    let n = 0;
    const seen = on('/api/workbench/summary', () => HttpResponse.json(envelope({ n: ++n })));
    const http = withPrefetch(createHttpClient({ apiUrl: API }));
    http.prefetch({ path: '/api/workbench/summary' });
    expect(await http.request({ path: '/api/workbench/summary', silent: true })).toEqual({ n: 1 });
    expect(seen).toHaveLength(1);
    expect(await http.request({ path: '/api/workbench/summary', silent: true })).toEqual({ n: 2 });
    expect(seen).toHaveLength(2);
  });

  it('does not hand the answer to a call with another body or method', async () => {
    const seen = on('/data/dict/all/kv', (req) => HttpResponse.json(envelope({ url: req.url })));
    const http = withPrefetch(createHttpClient({ apiUrl: API }));
    http.prefetch({ path: '/data/dict/all/kv' });
    await http.request({ path: '/data/dict/all/kv', body: { a: 1 } });
    expect(seen).toHaveLength(2);
  });

  it('asks again when the token changed (another login) since the prefetch', async () => {
    const seen = on('/x', (req) => HttpResponse.json(envelope(req.headers.get('Authorization'))));
    const http = withPrefetch(createHttpClient({ apiUrl: API }));
    http.prefetch({ path: '/x' });
    setToken('tok-b');
    expect(await http.request({ path: '/x' })).toBe('tok-b');
    expect(seen).toHaveLength(2);
  });

  it('asks again when the prefetched answer is older than 5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const seen = on('/x', { ok: 1 });
    const http = withPrefetch(createHttpClient({ apiUrl: API }));
    http.prefetch({ path: '/x' });
    vi.setSystemTime(Date.now() + 6_000);
    await http.request({ path: '/x' });
    expect(seen).toHaveLength(2);
  });

  it('a failed prefetch says nothing; the call asks again and shows its own error', async () => {
    let n = 0;
    const seen = on('/x', () => HttpResponse.json(envelope(null, '1', n++ === 0 ? '第一次失败' : '第二次失败')));
    const http = withPrefetch(createHttpClient({ apiUrl: API }));
    http.prefetch({ path: '/x' });
    await expect(http.request({ path: '/x' })).rejects.toThrow('第二次失败');
    expect(seen).toHaveLength(2);
    expect(JSON.stringify(notices)).toContain('第二次失败');
    expect(JSON.stringify(notices)).not.toContain('第一次失败');
  });
});
