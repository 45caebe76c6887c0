// Issue 24, second half: 论坛 (a member posts, staff audit, publish and answer, the citizen reads the
// topic with the department's answer), 会员登录 (phone + image code, registering a new phone), 产业项目
// (an enterprise applies, staff put the project into the library, the citizen reads the review and the
// project on the regenerated list) and the 依申请公开 获取方式 传真 and 当场阅读. Registered by
// tests/browser/citizen-services.test.ts, whose server, browser and pages these share.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_CAPTCHA_TEXT } from '../../api/helpers/testServer';
import { lookUp, submitWithCode } from '../lib/citizenForms';
import { logOut, openMenu } from '../lib/portal';
import { generateSite, layoutFaults, type Staff } from '../lib/site';

export interface CitizenCtx {
  phone: Page;
  desk: Page;
  site: string;
  staff: Staff;
  asAdmin(): Promise<void>;
}

export function memberServiceSuites(ctx: () => CitizenCtx, stamp: number): void {
  describe('会员登录 and 论坛: a member posts, staff audit, publish and answer, the citizen reads the answer', () => {
    const title = `县实验小学周边早高峰拥堵${stamp}`;
    const answer = `县教育局已协调交警在早高峰增派警力疏导。${stamp}`;
    const tel = `137${String(stamp).slice(-8)}`;

    it('a guest is sent to 会员登录; a new phone registers with the image code and comes back to post', async () => {
      const { phone, site } = ctx();
      await phone.goto(`${site}forum.html`);
      await phone.locator('#forum-post').getByRole('link', { name: '会员登录' }).click();
      await phone.waitForURL(/sso\.html\?back=forum\.html$/);
      const form = phone.locator('#member-login');
      await form.getByLabel('手机号（必填）').fill(tel);
      await form.getByLabel('验证码').fill('WRONG1');
      await form.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => phone.locator('[data-sso-status]').textContent(), { timeout: 20_000 }).toBe('验证码错误或已过期');
      await form.getByLabel('验证码').fill(TEST_CAPTCHA_TEXT);
      await form.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => phone.locator('[data-sso-who]').textContent(), { timeout: 20_000 }).toBe(`已登录：${tel}`);
      expect(await form.isHidden()).toBe(true);
      expect(await layoutFaults(phone)).toEqual([]);
      await phone.getByRole('link', { name: '返回论坛发帖' }).click();
      await phone.waitForURL(/forum\.html$/);
    });

    it('the member posts on a plate that audits first; the topic is not public yet', async () => {
      const { phone } = ctx();
      const form = phone.locator('#forum-form');
      await expect.poll(() => form.locator('[data-forum-who]').textContent(), { timeout: 20_000 }).toBe(`已登录会员：${tel}`);
      await form.getByLabel('版块（必填）').selectOption({ label: '云溪民生论坛 · 教育问答（先审后发）' });
      await form.getByLabel('标题（必填）').fill(title);
      await form.getByLabel('内容（必填）').fill('每天早上七点半学校门口车辆拥堵，学生过马路不安全。');
      await form.getByLabel('署名').fill('孙先生');
      await form.getByLabel('验证码').fill(TEST_CAPTCHA_TEXT);
      await form.getByRole('button', { name: '发表主题' }).click();
      await expect.poll(() => form.locator('.js-result').textContent(), { timeout: 20_000 }).toContain('经版主审核后公开');
      await phone.reload();
      expect(await phone.locator('[data-forum-topics]').textContent()).not.toContain(title);
      expect(await layoutFaults(phone)).toEqual([]);
    });

    it('staff audit it, publish it, answer it and publish the answer in the admin app', async () => {
      const { desk, asAdmin } = ctx();
      await asAdmin();
      await openMenu(desk, '论坛主题');
      const row = desk.locator('tr', { hasText: title });
      await row.waitFor({ timeout: 30_000 });
      expect(await row.textContent()).toContain('教育问答');
      await row.getByRole('button', { name: '审核', exact: true }).click();
      const audit = desk.getByRole('dialog', { name: '审核主题' });
      await audit.getByLabel('审核意见').fill('情况属实');
      await audit.getByRole('button', { name: '确定' }).click();
      await desk.getByRole('dialog', { name: '提示信息' }).getByRole('button', { name: '确定' }).click();
      await row.getByRole('button', { name: '公开', exact: true }).click();
      await desk.getByRole('dialog').getByRole('button', { name: '确定' }).click();
      await row.getByRole('button', { name: '隐藏', exact: true }).waitFor({ timeout: 20_000 });
      await row.getByRole('button', { name: '详情' }).click();
      const detail = desk.getByRole('dialog', { name: title });
      await detail.getByLabel('回复内容').fill(answer);
      await detail.getByRole('button', { name: '提交回复' }).click();
      const reply = detail.getByTestId('theme-reply');
      await expect.poll(() => reply.textContent()).toContain(answer);
      await reply.getByRole('button', { name: '通过并发布' }).click();
      await expect.poll(() => reply.textContent()).toContain('审核通过');
      await detail.getByRole('button', { name: '关闭' }).click();
      await logOut(desk);
    });

    it('the citizen finds the topic on its plate and reads the department answer, written into the topic page', async () => {
      const { phone } = ctx();
      await phone.goto(`${ctx().site}forum.html`);
      // Staff publishing it wrote forum.html again: the topic is on the generated list without any call.
      expect(await phone.locator('[data-forum-topics]').textContent()).toContain(title);
      await phone.locator('#forum-filter').getByLabel('版块').selectOption({ label: '云溪民生论坛 · 教育问答' });
      const link = phone.locator('[data-forum-topics]').getByRole('link', { name: title });
      await link.waitFor({ timeout: 20_000 });
      expect(await phone.locator('[data-forum-topics] li', { hasText: title }).textContent()).toContain('已答复');
      await link.click();
      await phone.waitForURL(/\/forum\/\d+\.html$/);
      // The answer is in the generated HTML itself (rendered again when staff published it), not filled in later.
      const html = await (await phone.request.get(phone.url())).text();
      expect(html).toContain(answer);
      expect(await phone.locator('[data-topic-replies]').textContent()).toContain(answer);
      expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await phone.locator('#forum-topic .meta-line').textContent()).toContain('孙**');
      expect(await phone.locator('#forum-topic').textContent()).not.toContain(tel);
      // The visit is counted and the count shown in place.
      await expect.poll(() => phone.locator('[data-topic-reads]').textContent(), { timeout: 20_000 }).toBe('1');
      expect(await layoutFaults(phone)).toEqual([]);
    });
  });

  describe('产业项目: an enterprise applies, staff put it into the library, the citizen reads the review', () => {
    const name = `云溪县竹木精深加工项目${stamp}`;
    const tel = '13712340011';
    const remark = `符合县产业导向，同意入库。${stamp}`;
    let code = '';

    it('an enterprise applies on a phone', async () => {
      const { phone, site } = ctx();
      await phone.goto(`${site}projects.html`);
      await phone.getByRole('button', { name: '项目申报' }).click();
      const form = phone.locator('#projects-add form');
      await form.getByLabel('项目名称（必填）').fill(name);
      await form.getByLabel('项目类型（必填）').selectOption({ label: '新建' });
      await form.getByLabel('申报单位（必填）').fill('云溪县青竹木业有限公司');
      await form.getByLabel('所属行业').fill('木材加工');
      await form.getByLabel('总投资（万元）').fill('12000');
      await form.getByLabel('计划开工年份').fill('2027');
      await form.getByLabel('建设内容（必填）').fill('新建竹木精深加工生产线两条。');
      await form.getByLabel('联系电话（必填）').fill(tel);
      expect(await layoutFaults(phone)).toEqual([]);
      code = await submitWithCode(form, '提交申报');
      expect(code).toMatch(/^[A-Z2-9]{12}$/);
    });

    it('staff review it in the admin app and put it into the library', async () => {
      const { desk, asAdmin } = ctx();
      await asAdmin();
      await openMenu(desk, '产业项目');
      const row = desk.locator('tr', { hasText: name });
      await row.waitFor({ timeout: 30_000 });
      expect(await row.textContent()).toContain('待审核');
      await row.getByRole('link', { name: '编辑' }).or(row.getByRole('button', { name: '编辑' })).first().click();
      // The list's own 入库状态 filter is on screen until the edit form has replaced it.
      await desk.getByRole('button', { name: '保存' }).waitFor({ timeout: 30_000 });
      await desk.getByLabel('入库状态').click();
      await desk.getByRole('option', { name: '已入库' }).click();
      await desk.getByLabel('审核意见').fill(remark);
      await desk.getByRole('button', { name: '保存' }).click();
      await desk.locator('tr', { hasText: name }).getByText('已入库').waitFor({ timeout: 30_000 });
      await logOut(desk);
    });

    it('the citizen reads the review by code and phone, and the project is on the generated list', async () => {
      const { phone, site, staff } = ctx();
      await phone.goto(`${site}projects.html`);
      await phone.getByRole('button', { name: '申报查询' }).click();
      const out = await lookUp(phone.locator('#projects-query form'), code, tel);
      expect(out).toContain('已入库');
      expect(out).toContain(remark);
      await generateSite(staff); // the list is the library as the site was last generated
      await phone.goto(`${site}projects.html`);
      const item = phone.locator('#projects-list details').filter({ hasText: name });
      await item.locator('summary').click();
      expect(await item.textContent()).toContain('新建竹木精深加工生产线两条');
      expect(await phone.locator('#projects-list').textContent()).not.toContain(tel);
    });
  });

  describe('依申请公开 获取方式 传真 and 当场阅读、抄录: no address asked, the applicant finds the application', () => {
    for (const way of ['传真', '当场阅读、抄录'] as const) {
      it(`${way}: sent without an address, found under 办理进度查询`, async () => {
        const { desk, site } = ctx();
        const info = `${way}方式申请的县财政预算公开说明${stamp}`;
        const tel = way === '传真' ? '13712340021' : '13712340022';
        await desk.goto(`${site}apply.html`);
        const form = desk.locator('#apply-person form');
        await form.getByLabel('姓名（必填）').fill('陈女士');
        await form.getByLabel('证件号码（必填）').fill('330102199001011234');
        await form.getByLabel('联系电话（必填）').fill(tel);
        await form.getByLabel('所需信息名称（必填）').fill(info);
        await form.getByLabel('所需信息内容描述（必填）').fill('2026年县级财政预算编制说明。');
        await form.getByLabel('获取方式', { exact: true }).selectOption(way);
        expect(await form.getByLabel(/^通信地址/).evaluate((i: HTMLInputElement) => i.required)).toBe(false);
        await form.getByLabel('受理部门（必填）').selectOption({ label: '县政府办公室' });
        const code = await submitWithCode(form, '提交申请');
        await desk.getByRole('button', { name: '办理进度查询' }).click();
        const out = await lookUp(desk.locator('#apply-query form'), code, tel);
        expect(out).toContain(info);
      });
    }
  });
}
