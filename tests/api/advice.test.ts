import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdviceTask } from '../../server/modules/interaction/advice/routes.js';
import { setPublicLimits } from '../../server/public/guard.js';
import { formatDateTime } from '../../server/util/time.js';
import { call, DEMO_PASSWORD, login, startTestServer, TEST_CAPTCHA_TEXT, type TestServer } from './helpers/testServer';

let server: TestServer;
let admin: string;
let seq = 0;
const at = (offsetDays: number) => formatDateTime(new Date(Date.now() + offsetDays * 86_400_000));

beforeAll(async () => {
  server = await startTestServer();
  admin = await login(server.url, 'admin', server.adminPassword);
  for (const kind of ['advice', 'advice-query']) setPublicLimits(server.app, kind, { perWindow: 1000, perDay: 1000 });
});
afterAll(async () => {
  await server?.close();
});

async function captcha() {
  const codeId = `advice-${Date.now()}-${++seq}`;
  await fetch(`${server.url}/user/captcha?codeId=${codeId}`);
  return { codeId, verifyCode: TEST_CAPTCHA_TEXT };
}
interface Topic { id: number; status: number; opinionCount: number; content: string; resultContent: string | null }
async function topic(title: string, start = at(-1), end = at(10)) {
  const r = await call<Topic>(server.url, '/advice/add', {
    token: admin,
    body: { title, solicitDept: '县发展和改革局', startTime: start, endTime: end, content: '<p>草案全文</p><script>alert(1)</script><img src="javascript:x">' },
  });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}
async function opinion(adviceId: number, extra: Record<string, unknown> = {}) {
  return call<{ queryCode: string }>(server.url, '/advice/web/add', { body: { adviceId, content: '建议增加对农村地区的支持条款。', name: '赵六', phone: '13700001234', ...(await captcha()), ...extra } });
}

describe('advice topics', () => {
  it('creates a topic (collecting when started, rich text sanitised), refuses bad times', async () => {
    const t = await topic('《云溪县乡村振兴促进办法（征求意见稿）》');
    expect(t.status).toBe(1);
    expect(t.content).toBe('<p>草案全文</p><img />');
    const later = await topic('未开始的征集', at(2), at(5));
    expect(later.status).toBe(0);
    const bad = await call(server.url, '/advice/add', { token: admin, body: { title: 'x', solicitDept: 'y', content: '<p>z</p>', startTime: at(3), endTime: at(1) } });
    expect(bad.body.errorCode).toBe('1002');
    const missing = await call(server.url, '/advice/add', { token: admin, body: { title: 'x' } });
    expect(missing.body.errorCode).toBe('1001');
    const list = await call<{ totalRow: number }>(server.url, '/advice/list', { token: admin, body: { title: '乡村振兴' } });
    expect(list.body.data.totalRow).toBe(1);
  });

  it('takes opinions from the public (guarded), lists them by query code + phone', async () => {
    const t = await topic('县城停车管理办法征求意见');
    const r = await opinion(t.id);
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect((await opinion(t.id, { verifyCode: 'bad' })).body.errorCode).toBe('2002');
    expect((await opinion(t.id, { content: '' })).body.errorCode).toBe('1001');
    const detail = await call<Topic & { opinions: { content: string }[] }>(server.url, '/advice/detail', { token: admin, query: { id: t.id } });
    expect(detail.body.data.opinionCount).toBe(1);
    expect(detail.body.data.opinions[0]!.content).toBe('建议增加对农村地区的支持条款。');
    const mine = await call<{ list: { title: string; content: string }[] }>(server.url, '/advice/web/my/list', { body: { queryCode: r.body.data.queryCode, phone: '13700001234' } });
    expect(mine.body.data.list).toHaveLength(1);
    expect(mine.body.data.list[0]!.title).toBe('县城停车管理办法征求意见');
    const other = await call<{ list: unknown[] }>(server.url, '/advice/web/my/list', { body: { queryCode: r.body.data.queryCode, phone: '13700009999' } });
    expect(other.body.data.list).toHaveLength(0);
    const web = await call<{ id: number; phone?: string }[]>(server.url, '/advice/web/list', { query: { size: 10 } });
    expect(web.body.data.map((x) => x.id)).toContain(t.id);
    const pub = await call<{ title: string; creatorName?: string }>(server.url, '/advice/web/my/detail', { query: { id: t.id } });
    expect(pub.body.data.title).toBe('县城停车管理办法征求意见');
    expect(pub.body.data.creatorName).toBeUndefined();
  });

  it('rate-limits opinions (429)', async () => {
    const t = await topic('限流测试主题');
    setPublicLimits(server.app, 'advice', { perWindow: 0 });
    try {
      expect((await opinion(t.id)).status).toBe(429);
    } finally {
      setPublicLimits(server.app, 'advice', { perWindow: 1000 });
    }
  });

  it('stop → no more opinions; result reply only after the end; stopAdvice twice refused', async () => {
    const t = await topic('停止征集测试');
    expect((await call(server.url, '/advice/resultReply', { token: admin, body: { id: t.id, resultContent: '<p>采纳情况</p>' } })).body.errorCode).toBe('1005');
    const stopped = await call<Topic>(server.url, '/advice/stopAdvice', { token: admin, query: { id: t.id } });
    expect(stopped.body.data.status).toBe(2);
    expect((await call(server.url, '/stopAdvice', { token: admin, query: { id: t.id } })).body.errorCode).toBe('1005');
    const refused = await opinion(t.id);
    expect(refused.body.errorCode).toBe('1005');
    const missing = await call(server.url, '/advice/resultReply', { token: admin, body: { id: t.id } });
    expect(missing.body.errorCode).toBe('1001');
    const replied = await call<Topic>(server.url, '/advice/resultReply', { token: admin, body: { id: t.id, resultContent: '<p>共收到意见12条，采纳5条。</p><script>x</script>' } });
    expect(replied.body.data.status).toBe(3);
    expect(replied.body.data.resultContent).toBe('<p>共收到意见12条，采纳5条。</p>');
    expect((await call(server.url, '/advice/add', { token: admin, body: { id: t.id, title: '改' } })).body.errorCode).toBe('1005');
  });

  it('the close task opens due topics and closes expired ones (route and timer function)', async () => {
    const due = await topic('即将开始的主题', at(2), at(4));
    const expired = await topic('即将过期的主题', at(-1), at(1));
    // Move the clock instead of the data: run the task as if it were three days later.
    const r = await runAdviceTask(server.app.db, at(3));
    expect(r.opened).toBeGreaterThanOrEqual(1);
    expect(r.closed).toBeGreaterThanOrEqual(1);
    const a = await call<Topic>(server.url, '/advice/detail', { token: admin, query: { id: due.id } });
    const b = await call<Topic>(server.url, '/advice/detail', { token: admin, query: { id: expired.id } });
    expect(a.body.data.status).toBe(1);
    expect(b.body.data.status).toBe(2);
    const route = await call<{ opened: number; closed: number }>(server.url, '/advice/resulttask', { token: admin, body: {} });
    expect(route.body.errorCode).toBe('0');
    expect(typeof route.body.data.closed).toBe('number');
  });

  it('exports topics and one topic\'s opinions as xlsx; deletes with opinions; permissions', async () => {
    const t = await topic('导出测试主题');
    await opinion(t.id);
    const post = (body: unknown) =>
      fetch(`${server.url}/advice/adviceExcel`, { method: 'POST', headers: { Authorization: admin, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const one = Buffer.from(await (await post({ id: t.id })).arrayBuffer());
    expect(one.subarray(0, 2).toString()).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(one as unknown as ArrayBuffer);
    expect(wb.getWorksheet('意见列表')!.getRow(3).getCell(4).value).toBe('建议增加对农村地区的支持条款。');
    const all = new ExcelJS.Workbook();
    await all.xlsx.load(Buffer.from(await (await post({ title: '导出测试' })).arrayBuffer()) as unknown as ArrayBuffer);
    expect(all.getWorksheet('征集主题')!.rowCount).toBe(2);

    const xinxi = await login(server.url, 'xinxi', DEMO_PASSWORD);
    expect((await call(server.url, '/advice/dels', { token: xinxi, body: { ids: [t.id] } })).status).toBe(403);
    expect((await call(server.url, '/advice/dels', { token: admin, body: { ids: [t.id] } })).body.data).toBe(1);
    expect((await call(server.url, '/advice/web/my/detail', { query: { id: t.id } })).body.errorCode).toBe('1003');
  });
});
