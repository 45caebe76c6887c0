import type { AuthProvider, UserIdentity as RaUserIdentity } from 'react-admin';
import type { PermissionKeys, ResourceDecl } from '../resources/types';
import { PortalError } from './errors';
import { loginSession } from './login';
import { clearSession, getToken, loadButtons, loadIdentity, loadMenus, saveIdentity } from './session';
import type { HttpClient, LoginParams, MenuNode, UserIdentity } from './types';

/** react-admin's auth provider over the portal's session calls (docs/api-conventions.md, "Session calls"). */

/** Route of the login page inside either app (the apps are hash-routed; see session.loginUrlFor). */
export const LOGIN_ROUTE = '/login';

/** react-admin's standard actions and the declaration's permission each one needs. */
const ACTION_PERMISSION: Readonly<Record<string, keyof PermissionKeys>> = {
  list: 'list',
  show: 'get',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
};

export function createAuthProvider(http: HttpClient, resources: readonly ResourceDecl[]): AuthProvider {
  const byName = new Map(resources.map((decl) => [decl.name, decl]));

  async function fetchIdentity(): Promise<UserIdentity> {
    const identity = await http.request<UserIdentity>({ path: '/user/info' });
    saveIdentity(identity);
    return identity;
  }

  return {
    async login(params: LoginParams) {
      await loginSession(http, params);
    },

    async logout() {
      if (getToken()) {
        // Revoke on the server when we can; a failure there must not keep the user logged in here.
        await http.request({ path: '/people/logout', silent: true }).catch(() => undefined);
      }
      clearSession();
      return LOGIN_ROUTE;
    },

    async checkAuth() {
      if (!getToken()) throw new PortalError('ra.auth.auth_check_error', { status: 401 });
    },

    async checkError(error: unknown) {
      const status = statusOf(error);
      // Only 401–499 end the session (spec part 1 §8); a 5xx is the server's trouble, not the user's.
      if (status !== undefined && status > 400 && status < 500) {
        clearSession();
        const notified = error instanceof PortalError && error.notified;
        // The http client already moved to the login page; react-admin need not say it again.
        throw notified
          ? { message: false, redirectTo: LOGIN_ROUTE }
          : new PortalError('ra.notification.logged_out', { status });
      }
    },

    async getIdentity(): Promise<RaUserIdentity> {
      const identity = loadIdentity() ?? (await fetchIdentity());
      return { ...identity, id: identity.userId, fullName: identity.name };
    },

    async getPermissions() {
      return loadButtons();
    },

    async canAccess({ resource, action }: { resource: string; action: string }) {
      const buttons = loadButtons();
      const permission = ACTION_PERMISSION[action];
      if (permission === undefined) {
        // Any other action names a permission key itself, e.g. 'article:approve'.
        return buttons.includes(action);
      }
      const decl = byName.get(resource);
      if (!decl) return false;
      return buttons.includes(decl.permissions[permission]);
    },
  };
}

/** The cached menu tree of the logged-in user (loaded at login). */
export function getMenus(): MenuNode[] {
  return loadMenus();
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}
