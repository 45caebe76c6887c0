import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TEST_CAPTCHA_TEXT } from '../api/helpers/testServer';
import { logIn, logOut, startPortal, type Portal, openMenu } from './lib/portal';
import { memberServiceSuites } from './citizen/memberServices';
import { lookUp, submitWithCode } from './lib/citizenForms';
import { evidenceOnFailure } from './lib/failureEvidence';
import { generateSite, layoutFaults, liftPublicLimits, staffApi, type Staff, phoneAndDesk } from './lib/site';

// Issue 24: each citizen service completes from its generated page and the round trip closes — the citizen
// submits on a phone (390×844), staff handle it in the admin app's own screens (1366×768), and the citizen
// reads the answer on the page by query code and phone (and on the public list where it is public).
// Nothing here calls the public API directly; staff's set-up (a topic to comment on) goes through the API.
let portal: Portal;
let staff: Staff;
let phone: Page;
let desk: Page;
let site: string;
const errors: string[] = [];
const stamp = Date.now();
/** A 1×1 PNG: the applicant's ID scan. */
const ID_SCAN = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex');
const adviceTitle = `县城停车管理办法（征求意见稿）${stamp}`;

beforeAll(async () => {
  portal = await startPortal();
  liftPublicLimits(portal);
  site = `${portal.server.url}/site/`;
  staff = await staffApi(portal);
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  await staff.api('/advice/add', { title: adviceTitle, solicitDept: '县住房和城乡建设局', startTime: at(-1), endTime: at(10), content: '<p>为规范县城停车秩序，现公开征求意见。</p>' });
  await generateSite(staff);
  ({ phone, desk } = await phoneAndDesk(portal, errors));
}, 300_000);
afterEach(evidenceOnFailure(() => ({ phone, desk })));
afterAll(async () => {
  await portal?.close();
});

async function asStaff(username: string, password: string) {
  await logIn(desk, portal.server.url, '/admin/', username, password);
}

describe('领导信箱: write, answered and published in the admin app, read by code and on the public list', () => {
  const title = `小区门口路灯不亮${stamp}`;
  const tel = '13712340001';
  const reply = '您好，县住建局已于当日修复路灯，感谢您的来信。';
  let code = '';

  it('a citizen writes on a phone; 同意公开 starts unticked and sits beside its label', async () => {
    await phone.goto(`${site}mailbox.html`);
    const form = phone.locator('#mail-form');
    const consent = form.getByLabel('同意公开信件内容（不公开个人信息）');
    expect(await consent.isChecked()).toBe(false);
    expect(await layoutFaults(phone)).toEqual([]);
    await form.getByLabel('信件标题（必填）').fill(title);
    await form.getByLabel('信件内容（必填）').fill('青石路12号小区门口路灯已坏一周，夜间出行不便。');
    await form.getByLabel('姓名（必填）').fill('钱先生');
    await form.getByLabel('联系电话（必填，用于查询答复）').fill(tel);
    await consent.check();
    code = await submitWithCode(form, '提交信件');
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    expect(await consent.isChecked()).toBe(false); // the form is empty again for the next letter
  });

  it('the office transfers it, the bureau answers, the office publishes it', async () => {
    const open = async () => {
      await openMenu(desk, '领导信箱');
      // The generic list and show view (session 23): the row's 查看 opens the letter.
      await desk.getByTestId('list-table').getByRole('row').filter({ hasText: title }).getByRole('link', { name: '查看' }).click();
      await desk.getByTestId('show-grid').waitFor();
    };
    await asStaff('admin', portal.server.adminPassword);
    await open();
    await desk.getByRole('button', { name: '转办', exact: true }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByLabel('转办部门').click();
    await desk.getByRole('option', { name: '县教育局', exact: true }).click();
    await dialog.getByLabel('转办意见').fill('请核实办理');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => desk.locator('[data-field="stage"]').textContent()).toBe('已转办');
    await logOut(desk);
    await asStaff('jiaoyu', DEMO_PASSWORD);
    await open();
    await desk.getByRole('button', { name: '答复', exact: true }).click();
    await desk.getByRole('dialog').getByLabel('答复内容').fill(reply);
    await desk.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => desk.locator('[data-field="stage"]').textContent()).toBe('已回复');
    await logOut(desk);
    await asStaff('admin', portal.server.adminPassword);
    await open();
    await desk.getByRole('button', { name: '公开', exact: true }).click();
    await desk.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await desk.getByRole('button', { name: '取消公开', exact: true }).waitFor();
    await logOut(desk);
  });

  it('the citizen reads the answer by code and phone, and finds the letter among 已公开信件', async () => {
    await phone.goto(`${site}mailbox.html`);
    await phone.getByRole('button', { name: '查询答复' }).click();
    expect(await lookUp(phone.locator('#mail-lookup'), code.toLowerCase(), tel)).toContain(reply);
    await phone.getByRole('button', { name: '已公开信件' }).click();
    const item = phone.locator('#mail-public details').filter({ hasText: title });
    await item.locator('summary').click();
    await expect.poll(() => item.textContent()).toContain(reply);
    expect(await item.textContent()).not.toContain(tel);
    // The demo's published letters are there too (issue 24: a new site shows a public answer).
    expect(await phone.locator('#mail-public').textContent()).toContain('关于县城东站早高峰公交班次的建议');
  });
});

describe('建议留言: suggest, answered in the 处理 dialog, read by code and on the public list', () => {
  const title = `建议在县图书馆增设自习座位${stamp}`;
  const tel = '13712340002';
  const reply = '您好！县图书馆将于下月在三楼增设自习座位80个。';
  let code = '';

  it('a citizen suggests on a phone, agreeing to publication', async () => {
    await phone.goto(`${site}suggest.html`);
    const form = phone.locator('form.js-submit');
    expect(await form.getByLabel(/同意公开/).isChecked()).toBe(false);
    await form.getByLabel('标题（必填）').fill(title);
    await form.getByLabel('建议内容（必填）').fill('周末图书馆座位紧张，学生常常找不到位置。');
    await form.getByLabel('联系电话（必填）').fill(tel);
    await form.getByLabel(/同意公开/).check();
    code = await submitWithCode(form, '提交建议');
  });

  it('the office answers it in the admin app and publishes it', async () => {
    await asStaff('admin', portal.server.adminPassword);
    await openMenu(desk, '建议征集');
    const row = desk.getByRole('row').filter({ hasText: title });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: '处理' }).click();
    const dialog = desk.getByRole('dialog', { name: '处理建议' });
    await dialog.getByRole('textbox', { name: '处理部门' }).fill('县文化和广电旅游体育局');
    await dialog.getByRole('textbox', { name: '答复内容' }).fill(reply);
    await dialog.getByRole('button', { name: '提交答复' }).click();
    await dialog.waitFor({ state: 'detached' });
    await logOut(desk);
  });

  it('the citizen reads the answer by code and phone and on 已答复的建议', async () => {
    await phone.goto(`${site}suggest.html`);
    expect(await lookUp(phone.locator('form.js-lookup'), code, tel)).toContain(reply);
    await phone.reload();
    const item = phone.locator('.js-list details').filter({ hasText: title });
    await item.locator('summary').click();
    await expect.poll(() => item.textContent()).toContain(reply);
  });
});

describe('意见征集: comment on a topic, staff close it and publish the result, the citizen reads it', () => {
  const tel = '13712340003';
  const result = `采纳意见：夜间停车免费时段延长至早上8点。${stamp}`;
  let code = '';

  it('the topic is an option of the generated page; the citizen comments on a phone', async () => {
    await phone.goto(`${site}advice.html`);
    const form = phone.locator('form.js-submit');
    const select = form.getByLabel('征集主题（必填）');
    expect(await select.locator('option').allTextContents()).toContain(adviceTitle);
    await select.selectOption({ label: adviceTitle });
    await form.getByLabel('意见内容（必填）').fill('建议夜间免费停车延长到早上8点，方便上班族。');
    await form.getByLabel('联系电话（必填）').fill(tel);
    code = await submitWithCode(form, '提交意见');
  });

  it('staff read the opinion, stop the collection and publish the result in the admin app', async () => {
    await asStaff('admin', portal.server.adminPassword);
    await openMenu(desk, '意见征集');
    const row = desk.getByRole('row').filter({ hasText: adviceTitle });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: '查看意见' }).click();
    await desk.getByRole('dialog').getByText('建议夜间免费停车延长到早上8点').waitFor();
    await desk.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
    await row.getByRole('button', { name: '停止征集' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await row.getByRole('button', { name: '结果反馈' }).click();
    const dialog = desk.getByRole('dialog', { name: '结果反馈' });
    await dialog.getByLabel('反馈内容').fill(result);
    await dialog.getByRole('button', { name: '发布反馈' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('已反馈').waitFor({ timeout: 30_000 });
    await logOut(desk);
  });

  it('the citizen reads the result by code and phone and under 已反馈的征集', async () => {
    await phone.goto(`${site}advice.html`);
    const out = await lookUp(phone.locator('#advice-lookup'), code, tel);
    expect(out).toContain(result);
    expect(out).not.toContain('<p>');
    const item = phone.locator('#advice-results details').filter({ hasText: adviceTitle });
    await item.locator('summary').click();
    await expect.poll(() => item.textContent()).toContain(result);
  });
});

describe('依申请公开: a person and an organisation apply, staff accept and answer, the applicant reads it', () => {
  const reply = `经查，您申请的信息予以公开，见附件。${stamp}`;
  const codes: { code: string; tel: string; info: string }[] = [];

  it('a person applies on a phone: 通信地址 is required for 邮寄 before sending, the department is chosen', async () => {
    await phone.goto(`${site}apply.html`);
    const form = phone.locator('#apply-person form');
    const tel = '13712340004';
    const info = `2025年县城老旧小区改造项目清单${stamp}`;
    await form.getByLabel('姓名（必填）').fill('吴女士');
    await form.getByLabel('证件号码（必填）').fill('330102199001011234');
    await form.getByLabel('联系电话（必填）').fill(tel);
    await form.getByLabel('所需信息名称（必填）').fill(info);
    await form.getByLabel('所需信息内容描述（必填）').fill('本人居住的小区是否列入改造计划。');
    await form.getByLabel('受理部门（必填）').selectOption({ label: '县政府办公室' });
    await form.getByLabel('获取方式', { exact: true }).selectOption('邮寄');
    await form.getByLabel('验证码').fill(TEST_CAPTCHA_TEXT);
    const address = form.getByLabel(/^通信地址/);
    expect(await address.evaluate((i: HTMLInputElement) => i.required)).toBe(true);
    await form.getByRole('button', { name: '提交申请' }).click();
    // The browser stops the form: nothing was sent, the page names the field.
    expect(await address.evaluate((i: HTMLInputElement) => i.validity.valueMissing)).toBe(true);
    expect(await form.locator('.js-result').isHidden()).toBe(true);
    expect(await form.locator('label[for="p-address"]').textContent()).toContain('获取方式为邮寄或快递时必填');
    // 自行领取 needs no address.
    await form.getByLabel('获取方式', { exact: true }).selectOption('自行领取');
    expect(await address.evaluate((i: HTMLInputElement) => i.required)).toBe(false);
    await form.getByLabel('获取方式', { exact: true }).selectOption('快递');
    await address.fill('云溪县青石路12号');
    // 身份证明: a text file named .png is refused by its bytes; a real scan (PNG) goes up.
    const proof = form.getByLabel(/^身份证明/);
    await proof.setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect.poll(() => form.locator('.proof-status').textContent(), { timeout: 20_000 }).toBe('身份证明只能是 JPG、PNG 或 PDF 文件');
    await proof.setInputFiles({ name: '身份证.png', mimeType: 'image/png', buffer: ID_SCAN });
    await expect.poll(() => form.locator('.proof-status').textContent(), { timeout: 20_000 }).toBe('已上传：身份证.png');
    codes.push({ code: await submitWithCode(form, '提交申请'), tel, info });
  });

  it('an organisation applies on a desktop, by e-mail', async () => {
    await desk.goto(`${site}apply.html`);
    await desk.getByRole('button', { name: '法人/其他组织申请' }).click();
    const form = desk.locator('#apply-org form');
    const tel = '13712340005';
    const info = `县城供水管网改造招标文件${stamp}`;
    await form.getByLabel('组织名称（必填）').fill('云溪县清源水务有限公司');
    await form.getByLabel('统一社会信用代码（必填）').fill('91330000MA2ABCDE1X');
    await form.getByLabel('法定代表人（必填）').fill('郑强');
    await form.getByLabel('联系人（必填）').fill('冯敏');
    await form.getByLabel('联系电话（必填）').fill(tel);
    await form.getByLabel('所需信息名称（必填）').fill(info);
    await form.getByLabel('所需信息内容描述（必填）').fill('招标文件及评标结果。');
    await form.getByLabel('获取方式', { exact: true }).selectOption('电子邮件');
    await form.getByLabel(/^电子邮箱/).fill('fengmin@example.com');
    await form.getByLabel('受理部门（必填）').selectOption({ label: '县农业农村局' });
    codes.push({ code: await submitWithCode(form, '提交申请'), tel, info });
  });

  it('staff accept and answer both in the application detail', async () => {
    expect(codes).toHaveLength(2);
    await asStaff('admin', portal.server.adminPassword);
    for (const { info } of codes) {
      await openMenu(desk, '依申请公开');
      const row = desk.getByRole('row').filter({ hasText: info });
      await row.getByRole('cell', { name: new RegExp(info) }).click({ timeout: 30_000 });
      await desk.waitForURL(/applyPerson\?id=\d+$/);
      if (info === codes[0]!.info) {
        // The person's 身份证明 opens from the detail: the file as uploaded.
        const download = desk.waitForEvent('download');
        await desk.getByRole('button', { name: '查看身份证明' }).click();
        const file = await (await download).path();
        expect((await readFile(file)).equals(ID_SCAN)).toBe(true);
      } else expect(await desk.getByRole('button', { name: '查看身份证明' }).count()).toBe(0);
      await desk.getByRole('button', { name: '受理', exact: true }).click();
      await desk.getByRole('button', { name: '答复', exact: true }).click();
      const dialog = desk.getByRole('dialog', { name: '答复申请' });
      await dialog.getByLabel('答复内容').fill(reply);
      await dialog.getByRole('button', { name: '确定' }).click();
      await desk.getByText(reply).first().waitFor({ timeout: 30_000 });
      await desk.getByText('已答复', { exact: true }).first().waitFor();
    }
    await logOut(desk);
  });

  it('each applicant reads the answer under 办理进度查询', async () => {
    for (const { code, tel, info } of codes) {
      await phone.goto(`${site}apply.html`);
      await phone.getByRole('button', { name: '办理进度查询' }).click();
      const out = await lookUp(phone.locator('#apply-query form'), code, tel);
      expect(out).toContain(info);
      expect(out).toContain(reply);
      expect(out).toContain('已答复');
    }
  });

});

memberServiceSuites(() => ({ phone, desk, site, staff, asAdmin: () => asStaff('admin', portal.server.adminPassword) }), stamp);

describe('every page', () => {
  it('raised no uncaught error', () => {
    expect(errors).toEqual([]);
  });
});
