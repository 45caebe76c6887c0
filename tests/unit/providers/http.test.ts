import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalError } from '../../../providers/errors';
import { createHttpClient, fileNameFromDisposition } from '../../../providers/http';
import {
  getToken,
  loadButtons,
  loadIdentity,
  loadMenus,
  saveButtons,
  saveIdentity,
  saveMenus,
  setAppKey,
  setToken,
} from '../../../providers/session';
import type { BlobReply } from '../../../providers/types';
import { API, collectNotices, envelope, useMsw } from './msw';

const { on, all } = useMsw();
const notices = collectNotices();
let onUnauthorized = vi.fn<(url: string) => void>();
let client = createHttpClient({ apiUrl: API, onUnauthorized });

beforeEach(() => {
  onUnauthorized = vi.fn<(url: string) => void>();
  client = createHttpClient({ apiUrl: API, onUnauthorized });
});

function status(code: number, body: unknown = envelope(null, String(code), `HTTP ${code}`)) {
  return () => HttpResponse.json(body as Record<string, unknown>, { status: code });
}

describe('headers', () => {
  it('sends the raw token, appKey, clientId and version', async () => {
    setToken('tok-123');
    const seen = on('/x', { ok: 1 });
    await client.request({ path: '/x', body: { a: 1 } });
    const h = seen[0]!.headers;
    expect(h.get('Authorization')).toBe('tok-123');
    expect(h.get('appKey')).toBe('adminSite');
    expect(h.get('clientId')).toBe('ADMIN');
    expect(h.get('version')).toBe('1.0.0');
    expect(h.get('Content-Type')).toBe('application/json');
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.body).toEqual({ a: 1 });
  });

  it('sends no Authorization when logged out', async () => {
    const seen = on('/x');
    await client.request({ path: '/x' });
    expect(seen[0]!.headers.has('Authorization')).toBe(false);
  });

  it('sends appKey reportSite when stored', async () => {
    setAppKey('reportSite');
    const seen = on('/x');
    await client.request({ path: '/x' });
    expect(seen[0]!.headers.get('appKey')).toBe('reportSite');
  });

  it('sends no JSON Content-Type for FormData nor for a call without body', async () => {
    const seen = on('/up');
    const form = new FormData();
    form.append('type', 'image');
    await client.request({ path: '/up', body: form, headers: { fileUrl: 'a/b' } });
    await client.request({ path: '/up' });
    expect(seen[0]!.headers.get('Content-Type') ?? '').not.toContain('application/json');
    expect(seen[0]!.headers.get('fileUrl')).toBe('a/b');
    expect(seen[1]!.headers.has('Content-Type')).toBe(false);
  });

  it('encodes query values and drops null and undefined', async () => {
    const seen = on('/q');
    await client.request({ path: '/q', query: { name: '公告 a&b', n: 0, gone: undefined, nil: null, f: false } });
    const url = seen[0]!.url;
    expect(url.searchParams.get('name')).toBe('公告 a&b');
    expect(url.searchParams.get('n')).toBe('0');
    expect(url.searchParams.get('f')).toBe('false');
    expect(url.searchParams.has('gone')).toBe(false);
    expect(url.searchParams.has('nil')).toBe(false);
  });

  it('uses GET when asked, without a body', async () => {
    const seen = on('/g', { v: 2 }, 'get');
    await expect(client.request({ path: '/g', method: 'GET', query: { id: 3 } })).resolves.toEqual({ v: 2 });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.body).toBeUndefined();
  });
});

describe('envelope', () => {
  it('resolves with data when errorCode is "0"', async () => {
    on('/ok', { list: [1, 2] });
    await expect(client.request({ path: '/ok' })).resolves.toEqual({ list: [1, 2] });
    expect(notices).toEqual([]);
  });

  it('rejects and shows errorMsg as an 8-second error toast when errorCode is not "0"', async () => {
    on('/bad', () => HttpResponse.json(envelope(null, '1002', '标题长度不能超过200个字符')));
    const error = await client.request({ path: '/bad' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalError);
    expect(error).toMatchObject({ message: '标题长度不能超过200个字符', errorCode: '1002', notified: true });
    expect(notices).toEqual([
      { kind: 'toast', level: 'error', message: '标题长度不能超过200个字符', duration: 8000 },
    ]);
  });
});

describe('HTTP statuses', () => {
  it('500: panel titled 500 with 服务端异常 for 4 s, token kept, no redirect', async () => {
    setToken('keep-me');
    on('/boom', status(500));
    const error = await client.request({ path: '/boom' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, notified: true });
    expect(notices).toEqual([{ kind: 'panel', title: '500', body: '服务端异常', duration: 4000 }]);
    expect(getToken()).toBe('keep-me');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('503 is titled with its own status', async () => {
    on('/boom', () => new HttpResponse('down', { status: 503 }));
    await expect(client.request({ path: '/boom' })).rejects.toBeInstanceOf(PortalError);
    expect(notices).toEqual([{ kind: 'panel', title: '503', body: '服务端异常', duration: 4000 }]);
  });

  it.each([401, 403, 404, 499])('%i: clears token and caches and goes to the admin login', async (code) => {
    setToken('old');
    saveMenus([{ id: 1, parentId: 0, name: 'm', alias: 'm', type: 'Menu' }]);
    saveButtons(['a:list']);
    saveIdentity({ userId: 1, username: 'u', name: 'U' });
    on('/deny', status(code));
    const error = await client.request({ path: '/deny' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: code });
    expect(getToken()).toBeNull();
    expect(loadMenus()).toEqual([]);
    expect(loadButtons()).toEqual([]);
    expect(loadIdentity()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('/admin/#/login');
    expect(notices.filter((n) => n.kind === 'panel')).toEqual([]);
  });

  it.each([401, 403, 404, 499])('%i with appKey reportSite goes to the reporting login', async (code) => {
    setAppKey('reportSite');
    setToken('old');
    on('/deny', status(code));
    await expect(client.request({ path: '/deny' })).rejects.toBeInstanceOf(PortalError);
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('/report/#/login');
  });

  it('400: panel 错误 with the response text, token kept, no redirect', async () => {
    setToken('keep-me');
    on('/malformed', () => new HttpResponse('请求格式错误', { status: 400 }));
    const error = await client.request({ path: '/malformed' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, notified: true });
    expect(notices).toEqual([{ kind: 'panel', title: '错误', body: '请求格式错误', duration: 4000 }]);
    expect(getToken()).toBe('keep-me');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('defaults onUnauthorized to a full-page move', async () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    try {
      const plain = createHttpClient({ apiUrl: API });
      on('/deny', status(401));
      await expect(plain.request({ path: '/deny' })).rejects.toBeInstanceOf(PortalError);
      expect(assign).toHaveBeenCalledWith('/admin/#/login');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('silent calls show nothing and do not redirect', async () => {
    setToken('t');
    on('/deny', status(401));
    await expect(client.request({ path: '/deny', silent: true })).rejects.toBeInstanceOf(PortalError);
    expect(notices).toEqual([]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('required parameters', () => {
  it('refuses a missing query value before sending, with the two-space message', async () => {
    const seen = on('/announcement/get');
    const error = await client
      .request({ path: '/announcement/get', query: { id: '' }, required: ['id'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalError);
    expect((error as Error).message).toBe('Missing required  parameter: id');
    expect(seen).toHaveLength(0);
    expect(all).toHaveLength(0);
    expect(notices).toEqual([
      { kind: 'toast', level: 'error', message: 'Missing required  parameter: id', duration: 8000 },
    ]);
  });

  it('refuses null and undefined query values and a missing body key', async () => {
    on('/x');
    for (const query of [{ id: null }, { id: undefined }, {}]) {
      await expect(client.request({ path: '/x', query, required: ['id'] })).rejects.toThrow(
        'Missing required  parameter: id',
      );
    }
    await expect(client.request({ path: '/x', body: { other: 1 }, required: ['id'] })).rejects.toThrow(
      'Missing required  parameter: id',
    );
    expect(all).toHaveLength(0);
  });

  it("refuses a missing body when 'body' is required", async () => {
    on('/x');
    await expect(client.request({ path: '/x', required: ['body'] })).rejects.toThrow(
      'Missing required  parameter: body',
    );
    expect(all).toHaveLength(0);
  });

  it('sends when the value is in the query or the body', async () => {
    const seen = on('/x');
    await client.request({ path: '/x', query: { id: 0 }, required: ['id'] });
    await client.request({ path: '/x', body: { id: 5 }, required: ['id', 'body'] });
    expect(seen).toHaveLength(2);
  });
});

describe('blob replies', () => {
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it("takes the name from filename*=UTF-8''…", async () => {
    on('/export', () =>
      new HttpResponse('PK-bytes', {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': "attachment; filename=\"fallback.xlsx\"; filename*=UTF-8''%E5%85%AC%E5%91%8A.xlsx",
        },
      }),
    );
    const reply = await client.request<BlobReply>({ path: '/export', body: {}, responseType: 'blob' });
    expect(reply.fileName).toBe('公告.xlsx');
    expect(await reply.blob.text()).toBe('PK-bytes');
  });

  it('takes the name from filename="…"', async () => {
    on('/export', () =>
      new HttpResponse('x', {
        headers: { 'Content-Type': xlsx, 'Content-Disposition': 'attachment; filename="a.xlsx"' },
      }),
    );
    const reply = await client.request<BlobReply>({ path: '/export', responseType: 'blob' });
    expect(reply.fileName).toBe('a.xlsx');
  });

  it('falls back to the given name without Content-Disposition', async () => {
    on('/export', () => new HttpResponse('x', { headers: { 'Content-Type': 'application/octet-stream' } }));
    const reply = await client.request<BlobReply>({
      path: '/export',
      responseType: 'blob',
      fallbackFileName: '统计.xlsx',
    });
    expect(reply.fileName).toBe('统计.xlsx');
  });

  it('treats a JSON reply as an envelope: a failed export rejects with its errorMsg', async () => {
    on('/export', () => HttpResponse.json(envelope(null, '1002', '导出数据过多')));
    await expect(client.request({ path: '/export', responseType: 'blob' })).rejects.toMatchObject({
      message: '导出数据过多',
      errorCode: '1002',
    });
    expect(notices).toEqual([{ kind: 'toast', level: 'error', message: '导出数据过多', duration: 8000 }]);
  });

  it('parses Content-Disposition variants', () => {
    expect(fileNameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameFromDisposition("attachment; filename*=utf-8''a%20b.xlsx")).toBe('a b.xlsx');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});

describe('apiUrl', () => {
  it('joins paths with a trailing slash in apiUrl', async () => {
    const seen = on('/x');
    await createHttpClient({ apiUrl: `${API}/`, onUnauthorized }).request({ path: '/x' });
    expect(seen).toHaveLength(1);
  });
});
