import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoginParams } from '../../../providers/types';
import { AppInfoContext, appInfoFor } from '../../../src/layout/AppInfo';
import { AdminLoginPage } from '../../../src/login/AdminLoginPage';
import { LoginPage } from '../../../src/login/LoginPage';
import { AdminWrapper, fakeAuthProvider } from './helpers';

function counterIds() {
  let n = 0;
  return () => `code${++n}`;
}

function input(container: HTMLElement, name: string): HTMLInputElement {
  const el = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!el) throw new Error(`no input ${name}`);
  return el;
}

function fill(container: HTMLElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(input(container, name), { target: { value } });
}

describe('LoginPage', () => {
  it('shows the app title, the three fields, the captcha with a codeId and the switch link', () => {
    const { container } = render(<LoginPage appKey="adminSite" login={vi.fn()} makeCodeId={counterIds()} />);
    expect(screen.getByRole('heading', { name: '城市网站管理系统' })).toBeInTheDocument();
    for (const name of ['username', 'password', 'verifyCode']) expect(input(container, name)).toBeInTheDocument();
    expect(input(container, 'password').type).toBe('password');
    const img = screen.getByAltText('验证码') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/user/captcha?codeId=code1');
    expect(screen.getByRole('link', { name: '切换到信息报送系统' })).toHaveAttribute('href', '/report/');
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
  });

  it('shows the reporting title and the link back to the admin app', () => {
    render(<LoginPage appKey="reportSite" login={vi.fn()} makeCodeId={counterIds()} />);
    expect(screen.getByRole('heading', { name: '城市网站报送管理系统' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '切换到网站管理系统' })).toHaveAttribute('href', '/admin/');
  });

  it('submits username, password, verifyCode and the codeId of the shown captcha', async () => {
    const login = vi.fn<(p: LoginParams) => Promise<void>>().mockResolvedValue(undefined);
    const { container } = render(<LoginPage appKey="adminSite" login={login} makeCodeId={counterIds()} />);
    fireEvent.click(screen.getByAltText('验证码'));
    fill(container, { username: ' admin ', password: 'Secret#1', verifyCode: 'ab12' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(login).toHaveBeenCalledWith({ username: 'admin', password: 'Secret#1', verifyCode: 'ab12', codeId: 'code2' });
  });

  it('refreshes the captcha on click', () => {
    render(<LoginPage appKey="adminSite" login={vi.fn()} makeCodeId={counterIds()} />);
    const img = screen.getByAltText('验证码');
    expect(img.getAttribute('src')).toContain('codeId=code1');
    fireEvent.click(img);
    expect(img.getAttribute('src')).toContain('codeId=code2');
    fireEvent.click(img);
    expect(img.getAttribute('src')).toContain('codeId=code3');
    // The visible button does the same, for whoever does not think of clicking the image.
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张' }));
    expect(img.getAttribute('src')).toContain('codeId=code4');
  });

  it('refuses empty fields without calling login', () => {
    const login = vi.fn();
    render(<LoginPage appKey="adminSite" login={login} makeCodeId={counterIds()} />);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByText('请输入验证码')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('after a failed login shows a new captcha, clears the code, and shows an error nobody showed yet', async () => {
    let fail: (e: unknown) => void = () => undefined;
    const login = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const { container } = render(<LoginPage appKey="adminSite" login={login} makeCodeId={counterIds()} />);
    fill(container, { username: 'admin', password: 'x', verifyCode: 'zzzz' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    // Loading: the button is busy and disabled until the call ends.
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toBeDisabled());
    fail(Object.assign(new Error('网络连接失败'), { notified: false }));
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toBeEnabled());
    expect(screen.getByAltText('验证码').getAttribute('src')).toContain('codeId=code2');
    expect(input(container, 'verifyCode').value).toBe('');
    expect(screen.getByRole('alert')).toHaveTextContent('网络连接失败');
  });

  it('does not repeat an error the notice bridge already showed', async () => {
    const login = vi.fn().mockRejectedValue(Object.assign(new Error('验证码错误或已过期'), { notified: true }));
    const { container } = render(<LoginPage appKey="adminSite" login={login} makeCodeId={counterIds()} />);
    fill(container, { username: 'admin', password: 'x', verifyCode: 'zzzz' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toContain('codeId=code2'));
    expect(screen.queryByText('验证码错误或已过期')).not.toBeInTheDocument();
  });

  it('inside react-admin, logs in through the auth provider with the four values', async () => {
    const authProvider = fakeAuthProvider();
    const loginSpy = vi.spyOn(authProvider, 'login');
    const { container } = render(
      <AppInfoContext.Provider value={appInfoFor('reportSite')}>
        <AdminWrapper authProvider={authProvider} initialEntries={['/login']}>
          <AdminLoginPage />
        </AdminWrapper>
      </AppInfoContext.Provider>,
    );
    expect(await screen.findByRole('heading', { name: '城市网站报送管理系统' })).toBeInTheDocument();
    const codeId = new URL((screen.getByAltText('验证码') as HTMLImageElement).src, 'http://x').searchParams.get('codeId');
    expect(codeId).toMatch(/^[0-9a-f]{32}$/);
    fill(container, { username: 'reporter', password: 'pw', verifyCode: 'k9k9' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(loginSpy).toHaveBeenCalled());
    expect(loginSpy.mock.calls[0]![0]).toEqual({ username: 'reporter', password: 'pw', verifyCode: 'k9k9', codeId });
  });
});
