import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalError } from '../../../providers/errors';
import { downloadExcel, saveBlob } from '../../../providers/excel';
import { createHttpClient } from '../../../providers/http';
import { API, envelope, useMsw } from './msw';

const { on } = useMsw();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });

// jsdom has no object URLs; stand them in and record what the download link looked like when clicked.
const clicked: { href: string; download: string; inDocument: boolean }[] = [];
const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  clicked.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/abc');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
  });
});

afterEach(() => {
  URL.createObjectURL = originals.create;
  URL.revokeObjectURL = originals.revoke;
  vi.restoreAllMocks();
});

describe('saveBlob', () => {
  it('clicks a temporary <a download> pointing at an object URL, then removes it', () => {
    saveBlob({ blob: new Blob(['x']), fileName: '报表.xlsx' });
    expect(clicked).toEqual([{ href: 'blob:http://localhost/abc', download: '报表.xlsx', inDocument: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });
});

describe('downloadExcel', () => {
  it('POSTs the body, saves the file and resolves with the name from filename="…"', async () => {
    const seen = on('/theme/themeCountExcel', () =>
      new HttpResponse('bytes', {
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="a.xlsx"' },
      }),
    );
    await expect(downloadExcel(http, '/theme/themeCountExcel', { year: 2024 }, 'x.xlsx')).resolves.toBe('a.xlsx');
    expect(seen[0]!.body).toEqual({ year: 2024 });
    expect(clicked.map((c) => c.download)).toEqual(['a.xlsx']);
  });

  it('uses the fallback name when the reply names none', async () => {
    on('/e', () => new HttpResponse('bytes', { headers: { 'Content-Type': 'application/octet-stream' } }));
    await expect(downloadExcel(http, '/e', {}, '统计.xlsx')).resolves.toBe('统计.xlsx');
  });

  it('rejects on a JSON error envelope and saves nothing', async () => {
    on('/e', () => HttpResponse.json(envelope(null, '1005', '该记录当前状态不允许此操作')));
    await expect(downloadExcel(http, '/e', {}, 'x.xlsx')).rejects.toBeInstanceOf(PortalError);
    expect(clicked).toEqual([]);
  });
});
