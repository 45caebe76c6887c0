import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitErrorToast } from '../../../providers/notices';
import type { LoginParams } from '../../../providers/types';
import { AdminLoginPage, loginReload } from '../../../src/login/AdminLoginPage';
import { startLoginForm, type LoginFormOptions } from '../../../src/login/loginForm';
import { AdminWrapper, fakeAuthProvider } from './helpers';

// The form's markup is index.html's own (the page shows it before any script ran).
const html = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');
const markup = /<main id="boot-login">[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';

function counterIds() {
  let n = 0;
  return () => `code${++n}`;
}

let stop: (() => void) | undefined;

// index.html's inline style: jsdom then leaves the other app's title and link out of the accessibility tree.
const style = document.createElement('style');
style.textContent = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';

function mount(appKey: 'adminSite' | 'reportSite', options: Partial<LoginFormOptions> = {}) {
  document.documentElement.classList.toggle('app-report', appKey === 'reportSite');
  document.head.appendChild(style);
  document.body.innerHTML = markup;
  const root = document.getElementById('boot-login')!;
  stop = startLoginForm(root, { login: vi.fn(), onLoggedIn: vi.fn(), makeCodeId: counterIds(), ...options });
  return root;
}

afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = '';
  style.remove();
  document.documentElement.classList.remove('app-report');
});

function input(name: string): HTMLInputElement {
  const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!el) throw new Error(`no input ${name}`);
  return el;
}

function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) fireEvent.input(Object.assign(input(name), { value }));
}

describe('the login form (src/login/loginForm.ts over index.html)', () => {
  it('shows the title, the three labelled fields, the captcha with a codeId and the switch link; enabled once wired', () => {
    mount('adminSite');
    expect(screen.getByRole('heading', { name: '城市网站管理系统' })).toBeInTheDocument();
    for (const [name, label] of [['username', '用户名'], ['password', '密码'], ['verifyCode', '验证码']]) expect(screen.getByLabelText(`${label!} *`)).toBe(input(name!));
    expect(input('password').type).toBe('password');
    const img = screen.getByAltText('验证码') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/user/captcha?codeId=code1');
    expect(screen.getByRole('link', { name: '切换到信息报送系统' })).toHaveAttribute('href', '/report/');
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
  });

  it('before the script ran the buttons are disabled (nothing can be sent)', () => {
    document.body.innerHTML = markup;
    expect(screen.getByRole('button', { name: '登录' })).toBeDisabled();
    expect(screen.queryByAltText('验证码')).toBeNull();
  });

  it('submits username, password, verifyCode and the codeId of the shown captcha, then opens the app', async () => {
    const login = vi.fn<(p: LoginParams) => Promise<void>>().mockResolvedValue(undefined);
    const onLoggedIn = vi.fn().mockResolvedValue(undefined);
    mount('adminSite', { login, onLoggedIn });
    fireEvent.click(screen.getByAltText('验证码'));
    fill({ username: ' admin ', password: 'Secret#1', verifyCode: 'ab12' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(login).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenCalledWith({ username: 'admin', password: 'Secret#1', verifyCode: 'ab12', codeId: 'code2' });
  });

  it('refreshes the captcha on click, one image element', () => {
    mount('adminSite');
    const img = screen.getByAltText('验证码');
    expect(img.getAttribute('src')).toContain('codeId=code1');
    fireEvent.click(img);
    expect(img.getAttribute('src')).toContain('codeId=code2');
    fireEvent.click(img);
    expect(img.getAttribute('src')).toContain('codeId=code3');
    // The visible button does the same, for whoever does not think of clicking the image.
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张' }));
    expect(img.getAttribute('src')).toContain('codeId=code4');
    expect(screen.getAllByAltText('验证码')).toHaveLength(1);
  });

  it('refuses empty fields without calling login, and clears a message once the field is filled', () => {
    const login = vi.fn();
    mount('adminSite', { login });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByText('请输入验证码')).toBeInTheDocument();
    expect(input('username')).toHaveAttribute('aria-invalid', 'true');
    expect(input('username')).toHaveAccessibleDescription('请输入用户名');
    expect(login).not.toHaveBeenCalled();
    fill({ username: 'admin' });
    expect(screen.queryByText('请输入用户名')).toBeNull();
    expect(input('username')).toHaveAttribute('aria-invalid', 'false');
  });

  it('after a failed login shows a new captcha, clears the code, and shows the error under the button', async () => {
    let fail: (e: unknown) => void = () => undefined;
    const login = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    mount('adminSite', { login });
    fill({ username: 'admin', password: 'x', verifyCode: 'zzzz' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    // Loading: the button is busy and disabled until the call ends (one submit at a time).
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toBeDisabled());
    expect(screen.getByRole('button', { name: '登录' })).toHaveAttribute('aria-busy', 'true');
    fireEvent.submit(document.querySelector('form')!);
    expect(login).toHaveBeenCalledTimes(1);
    fail(Object.assign(new Error('网络连接失败'), { notified: false }));
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toBeEnabled());
    expect(screen.getByAltText('验证码').getAttribute('src')).toContain('codeId=code2');
    expect(input('verifyCode').value).toBe('');
    expect(screen.getByRole('alert')).toHaveTextContent('网络连接失败');
  });

  it('shows an error the providers announced once (no notice bridge on this page)', async () => {
    const login = vi.fn(async () => {
      emitErrorToast('验证码错误或已过期');
      throw Object.assign(new Error('验证码错误或已过期'), { notified: true });
    });
    mount('adminSite', { login });
    fill({ username: 'admin', password: 'x', verifyCode: 'zzzz' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toContain('codeId=code2'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^验证码错误或已过期$/);
  });

  it('shows the reporting title and the link back to the admin app', () => {
    mount('reportSite');
    expect(screen.getByRole('heading', { name: '城市网站报送管理系统' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '切换到网站管理系统' })).toHaveAttribute('href', '/admin/');
    expect(screen.queryByRole('link', { name: '切换到信息报送系统' })).toBeNull();
  });
});

describe('react-admin’s login route', () => {
  it('loads the page again (the small login entry shows its form) when there is no session', async () => {
    const reload = vi.spyOn(loginReload, 'run').mockImplementation(() => undefined);
    sessionStorage.removeItem('token');
    render(
      <AdminWrapper authProvider={fakeAuthProvider()} initialEntries={['/login']}>
        <AdminLoginPage />
      </AdminWrapper>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalled());
    reload.mockRestore();
  });
});
