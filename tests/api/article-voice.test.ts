import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, login, startTestServer, type TestServer, columnIdOf } from './helpers/testServer';

type Rec = Record<string, unknown>;
type Status = { status: string; hasVoice: boolean; durationSeconds: number | null; url: string | null; statusName: string };

let server: TestServer;
let url: string;
let admin: string;
let columnId: number;

const TITLE = '云溪县关于做好春季森林防火工作的通知';
const BODY = '<p>根据云政发〔2026〕7号文件要求，全县森林覆盖率已达到65.3%。</p><p>请各乡镇于2026年3月15日前完成自查，并报县应急管理局。</p>';

async function status(articleId: number): Promise<Status> {
  const r = await call<Status>(url, '/articleVoice/status', { token: admin, body: { articleId } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return r.body.data;
}

async function until(articleId: number, want: (s: Status) => boolean): Promise<Status> {
  const end = Date.now() + 90_000;
  for (;;) {
    const s = await status(articleId);
    if (want(s)) return s;
    if (Date.now() > end) throw new Error(`voice of ${articleId} still ${s.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function publish(title: string, content: string, column = columnId): Promise<number> {
  const r = await call<Rec>(url, '/api/article/save/admin', { token: admin, body: { columnId: column, title, content, status: 5 } });
  expect(r.body.errorCode, r.body.errorMsg).toBe('0');
  return Number(r.body.data.articleId);
}

const siteFile = (rel: string) => path.join(server.app.portal.config.dataDir, 'site', ...rel.split('/'));
const pageOf = (mp3Rel: string) => siteFile(mp3Rel.replace(/-[0-9a-f]{16}\.mp3$/, '.html'));

/** Seconds and the RMS level (dB) of an audio file, decoded by ffmpeg and measured by sox. */
function measure(file: string): { seconds: number; rmsDb: number } {
  const wav = `${file}.check.wav`;
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', file, '-ac', '1', wav]);
  // sox prints its stats on stderr.
  const err = spawnSync('sox', [wav, '-n', 'stats'], { encoding: 'utf8' }).stderr;
  fs.rmSync(wav);
  const seconds = Number(/Length s\s+([\d.]+)/.exec(err)?.[1]);
  const rmsDb = Number(/RMS lev dB\s+(-?[\d.]+|-inf)/.exec(err)?.[1]);
  return { seconds, rmsDb };
}

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  admin = await login(url, 'admin', server.adminPassword);
  columnId = await columnIdOf(url, admin);
  expect(columnId).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => server?.close());

describe('read-aloud audio of articles (espeak-ng → MP3)', () => {
  it('a published article gets audio of its text: real speech of the expected length, beside its page', async () => {
    const id = await publish(TITLE, BODY);
    const s = await until(id, (x) => x.status === 'ready' || x.status === 'failed');
    expect(s.status, JSON.stringify(s)).toBe('ready');
    expect(s.url).toMatch(new RegExp(`^article/\\d{4}/\\d{2}/${id}-[0-9a-f]{16}\\.mp3$`));
    const file = siteFile(String(s.url));
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readdirSync(path.join(server.app.portal.config.dataDir, 'uploads', 'voice'))).toContain(path.basename(file));
    // The text read is ~90 characters once numbers are spelled out: espeak-ng's Mandarin takes 0.2–0.6 s each.
    const chars = (TITLE + BODY.replace(/<[^>]+>/g, '')).length;
    const { seconds, rmsDb } = measure(file);
    expect(seconds).toBeGreaterThan(chars * 0.2);
    expect(seconds).toBeLessThan(chars * 1.2);
    expect(Math.abs(Number(s.durationSeconds) - seconds)).toBeLessThan(1);
    // Not silence: speech sits around -20 dB RMS; silence is -inf.
    expect(rmsDb).toBeGreaterThan(-40);
    console.info(`read-aloud: ${chars} characters → ${seconds.toFixed(1)} s, RMS ${rmsDb} dB`);
    // The page (re-rendered once the audio was made) shows the player.
    await expect.poll(() => fs.readFileSync(pageOf(String(s.url)), 'utf8'), { timeout: 20_000 }).toContain(`<audio id="article-voice"`);
    expect(fs.readFileSync(pageOf(String(s.url)), 'utf8')).toContain(`src="../../../${String(s.url)}"`);
  }, 120_000);

  it('a changed article gets new audio; deleteVoice removes it; a withdrawn one loses it', async () => {
    const id = await publish('第一版标题', '<p>第一版正文。</p>');
    const first = await until(id, (x) => x.status === 'ready');
    const up = await call(url, '/api/article/update', { token: admin, body: { articleId: id, title: '第二版标题', content: '<p>第二版正文，内容有变化。</p>' } });
    expect(up.body.errorCode, up.body.errorMsg).toBe('0');
    const second = await until(id, (x) => x.status === 'ready' && x.url !== first.url);
    // Ready is recorded before the page is rendered again with the new audio and the old file is removed.
    await expect.poll(() => fs.existsSync(siteFile(String(first.url))), { timeout: 30_000 }).toBe(false);
    await expect.poll(() => fs.existsSync(siteFile(String(second.url))), { timeout: 30_000 }).toBe(true);
    // synthesis of an unchanged text does nothing
    const again = await call<Status>(url, '/articleVoice/synthesis', { token: admin, body: { articleId: id } });
    expect(again.body).toMatchObject({ errorCode: '0', errorMsg: '语音已是最新' });
    const del = await call(url, '/articleVoice/deleteVoice', { token: admin, body: { id } });
    expect(del.body).toMatchObject({ errorCode: '0', errorMsg: '删除成功' });
    expect(fs.existsSync(siteFile(String(second.url)))).toBe(false);
    expect((await status(id)).hasVoice).toBe(false);
    expect(fs.readFileSync(pageOf(String(second.url)), 'utf8')).not.toContain('<audio');
    expect((await call(url, '/articleVoice/deleteVoice', { token: admin, body: { id } })).body).toMatchObject({ errorCode: '1005', errorMsg: '该文章没有语音' });
    // made again by hand, then the article is taken down: the audio goes
    const made = await call<Status>(url, '/articleVoice/synthesis', { token: admin, body: { articleId: id } });
    expect(made.body).toMatchObject({ errorCode: '0', errorMsg: '语音生成任务已提交' });
    const third = await until(id, (x) => x.status === 'ready');
    expect((await call(url, '/api/article/rejectArticleTask', { token: admin, body: { ids: [id] } })).body.errorCode).toBe('0');
    expect((await status(id)).status).toBe('none');
    await expect.poll(() => fs.existsSync(siteFile(String(third.url))), { timeout: 30_000 }).toBe(false);
  }, 180_000);

  it('a column with 自动生成语音 off publishes without audio', async () => {
    const r = await call<Rec>(url, '/column/save', { token: admin, query: { categoryTitle: '无语音栏目', columnType: 1, autoVoice: 0 } });
    expect(r.body.errorCode, r.body.errorMsg).toBe('0');
    expect(r.body.data.autoVoice).toBe(0);
    const id = await publish('不朗读的文章', '<p>正文。</p>', Number(r.body.data.categoryId));
    await new Promise((res) => setTimeout(res, 500));
    expect((await status(id)).status).toBe('none');
  });

  it('refuses bad input and callers without the permission', async () => {
    expect((await call(url, '/articleVoice/synthesis', { token: admin, body: {} })).body.errorCode).toBe('1001');
    expect((await call(url, '/articleVoice/synthesis', { token: admin, body: { articleId: 'x' } })).body.errorCode).toBe('1002');
    expect((await call(url, '/articleVoice/synthesis', { token: admin, body: { articleId: 99999999 } })).body.errorCode).toBe('1003');
    const xinxi = await login(url, 'xinxi', DEMO_PASSWORD);
    expect((await call(url, '/articleVoice/synthesis', { token: xinxi, body: { articleId: 1 } })).status).toBe(403);
    expect((await call(url, '/articleVoice/deleteVoice', { body: { id: 1 } })).status).toBe(401);
  });
});
