import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createAuthProvider, getMenus } from '../../../providers/authProvider';
import { PortalError } from '../../../providers/errors';
import { createHttpClient } from '../../../providers/http';
import { getToken, loadButtons, loadIdentity, saveButtons, saveIdentity, setToken } from '../../../providers/session';
import type { MenuNode, UserIdentity } from '../../../providers/types';
import { resources } from './fixtures';
import { API, collectNotices, envelope, useMsw } from './msw';

const { on, all } = useMsw();
const notices = collectNotices();
const http = createHttpClient({ apiUrl: API, onUnauthorized: () => undefined });
const auth = createAuthProvider(http, resources);

const menusList: MenuNode[] = [
  {
    id: 1,
    parentId: 0,
    name: '内容管理',
    alias: 'content',
    type: 'Catalogue',
    children: [{ id: 2, parentId: 1, name: '通知公告', alias: 'announcement', type: 'Menu', url: '/main/article/announcement' }],
  },
];
const buttonList = ['announcement:list', 'announcement:update', 'article:approve'];
const identity: UserIdentity = { userId: 12, username: 'alice', name: '爱丽丝', deptId: 3, deptName: '办公室', roleNames: ['ADMIN'] };

function mockLoginServer() {
  const login = on('/user/login', { value: 'tok-abc' });
  const menus = on('/menu/list', { menusList, buttonList });
  const info = on('/user/info', identity);
  return { login, menus, info };
}

describe('login', () => {
  it('sends the four values as query, stores the token, caches menus, buttons and identity', async () => {
    const { login, menus, info } = mockLoginServer();
    await auth.login({ username: 'alice', password: 'p@ss word', verifyCode: 'ab12', codeId: 'c0ffee00' });
    const q = login[0]!.url.searchParams;
    expect([q.get('username'), q.get('password'), q.get('verifyCode'), q.get('codeId')]).toEqual([
      'alice',
      'p@ss word',
      'ab12',
      'c0ffee00',
    ]);
    expect(login[0]!.body).toBeUndefined();
    expect(getToken()).toBe('tok-abc');
    // The calls after login carry the new token.
    expect(menus[0]!.headers.get('Authorization')).toBe('tok-abc');
    expect(info[0]!.headers.get('Authorization')).toBe('tok-abc');
    expect(getMenus()).toEqual(menusList);
    expect(loadButtons()).toEqual(buttonList);
    expect(loadIdentity()).toEqual(identity);
  });

  it('refuses a missing verifyCode before sending', async () => {
    mockLoginServer();
    await expect(auth.login({ username: 'alice', password: 'x', verifyCode: '', codeId: 'c' })).rejects.toThrow(
      'Missing required  parameter: verifyCode',
    );
    expect(all).toHaveLength(0);
  });

  it('rejects with the errorMsg of a failed login and stores nothing', async () => {
    on('/user/login', () => HttpResponse.json(envelope(null, '2001', '用户名或密码错误')));
    await expect(
      auth.login({ username: 'alice', password: 'bad', verifyCode: 'ab12', codeId: 'c' }),
    ).rejects.toMatchObject({ message: '用户名或密码错误', errorCode: '2001' });
    expect(getToken()).toBeNull();
    expect(notices).toEqual([{ kind: 'toast', level: 'error', message: '用户名或密码错误', duration: 8000 }]);
  });

  it('drops the token when the menus cannot be loaded', async () => {
    on('/user/login', { value: 'tok' });
    on('/menu/list', () => new HttpResponse(null, { status: 500 }));
    await expect(auth.login({ username: 'a', password: 'b', verifyCode: 'c', codeId: 'd' })).rejects.toBeInstanceOf(
      PortalError,
    );
    expect(getToken()).toBeNull();
  });
});

describe('logout', () => {
  it('calls /people/logout with the token, clears everything and answers the login route', async () => {
    setToken('tok');
    saveButtons(['x']);
    saveIdentity(identity);
    const seen = on('/people/logout', null);
    await expect(auth.logout({})).resolves.toBe('/login');
    expect(seen[0]!.headers.get('Authorization')).toBe('tok');
    expect(getToken()).toBeNull();
    expect(loadButtons()).toEqual([]);
    expect(loadIdentity()).toBeNull();
  });

  it('ignores a failing /people/logout and shows nothing', async () => {
    setToken('tok');
    on('/people/logout', () => new HttpResponse(null, { status: 401 }));
    await expect(auth.logout({})).resolves.toBe('/login');
    expect(getToken()).toBeNull();
    expect(notices).toEqual([]);
  });

  it('does not call the server without a token', async () => {
    await auth.logout({});
    expect(all).toHaveLength(0);
  });
});

describe('checkAuth / checkError', () => {
  it('checkAuth rejects without a token and resolves with one', async () => {
    await expect(auth.checkAuth({})).rejects.toBeDefined();
    setToken('t');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it.each([401, 403, 499])('checkError %i clears the session and rejects', async (status) => {
    setToken('t');
    saveButtons(['a']);
    await expect(auth.checkError(new PortalError('x', { status, notified: true }))).rejects.toBeDefined();
    expect(getToken()).toBeNull();
    expect(loadButtons()).toEqual([]);
  });

  it.each([400, 500, 503, undefined])('checkError %s keeps the user logged in', async (status) => {
    setToken('t');
    await expect(auth.checkError(new PortalError('x', { status }))).resolves.toBeUndefined();
    expect(getToken()).toBe('t');
  });

  it('checkError after a real 500 reply keeps the session', async () => {
    setToken('t');
    on('/boom', () => new HttpResponse(null, { status: 500 }));
    const error = await http.request({ path: '/boom' }).catch((e: unknown) => e);
    await expect(auth.checkError(error)).resolves.toBeUndefined();
    expect(getToken()).toBe('t');
  });
});

describe('identity and permissions', () => {
  it('getIdentity answers the cached identity without a call', async () => {
    saveIdentity(identity);
    await expect(auth.getIdentity!()).resolves.toMatchObject({ id: 12, fullName: '爱丽丝', deptName: '办公室' });
    expect(all).toHaveLength(0);
  });

  it('getIdentity fetches /user/info when nothing is cached, and caches it', async () => {
    setToken('t');
    const seen = on('/user/info', { ...identity, userId: 99, name: '鲍勃' });
    await expect(auth.getIdentity!()).resolves.toMatchObject({ id: 99, fullName: '鲍勃' });
    expect(seen).toHaveLength(1);
    expect(loadIdentity()?.userId).toBe(99);
  });

  it('getPermissions answers the button list', async () => {
    saveButtons(buttonList);
    await expect(auth.getPermissions!({})).resolves.toEqual(buttonList);
  });

  it('canAccess maps react-admin actions to the declared permission keys', async () => {
    saveButtons(['announcement:list', 'announcement:update', 'article:save']);
    const can = (resource: string, action: string) => auth.canAccess!({ resource, action });
    await expect(can('announcement', 'list')).resolves.toBe(true);
    await expect(can('announcement', 'edit')).resolves.toBe(true);
    await expect(can('announcement', 'show')).resolves.toBe(false);
    await expect(can('announcement', 'create')).resolves.toBe(false);
    await expect(can('announcement', 'delete')).resolves.toBe(false);
    // The declaration, not a naming rule, decides the key: article's create is article:save.
    await expect(can('article', 'create')).resolves.toBe(true);
    await expect(can('unknown', 'list')).resolves.toBe(false);
  });

  it('canAccess takes any other action as a permission key', async () => {
    saveButtons(['article:approve']);
    await expect(auth.canAccess!({ resource: 'article', action: 'article:approve' })).resolves.toBe(true);
    await expect(auth.canAccess!({ resource: 'article', action: 'article:reject' })).resolves.toBe(false);
  });
});
