import { PortalError } from './errors';
import { clearSession, saveButtons, saveIdentity, saveMenus, setToken } from './session';
import type { HttpClient, LoginParams, MenuNode, UserIdentity } from './types';

/**
 * The session calls of a login (docs/api-conventions.md, "Session calls"): /user/login, then menus and
 * identity, all stored for the shell. The auth provider's login and the small login entry
 * (src/login/loginForm.ts, no react-admin) both call this one function.
 */

interface MenuReply {
  menusList?: MenuNode[] | null;
  buttonList?: string[] | null;
}

export async function loginSession(http: HttpClient, params: LoginParams): Promise<void> {
  // A previous user's menus must not survive into this login.
  clearSession();
  const reply = await http.request<{ value: string }>({
    path: '/user/login',
    query: {
      username: params.username,
      password: params.password,
      verifyCode: params.verifyCode,
      codeId: params.codeId,
    },
    required: ['username', 'password', 'verifyCode'],
  });
  if (!reply?.value) throw new PortalError('登录失败：未返回令牌');
  setToken(reply.value);
  try {
    // Menus and identity side by side: one round trip less before the shell (docs/performance.md).
    const [menus, identity] = await Promise.all([http.request<MenuReply>({ path: '/menu/list' }), http.request<UserIdentity>({ path: '/user/info' })]);
    saveIdentity(identity);
    saveMenus(menus?.menusList ?? []);
    saveButtons(menus?.buttonList ?? []);
  } catch (err) {
    // Half a login (a token without menus) would show an empty shell; start over instead.
    clearSession();
    throw err;
  }
}
