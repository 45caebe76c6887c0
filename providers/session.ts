import type { AppKey, MenuNode, UserIdentity } from './types';

/**
 * What the browser keeps between calls. The token and the per-login caches live in sessionStorage (a
 * closed tab logs out, as in the original client); the chosen app lives in localStorage so that a new
 * tab opens the same app.
 */

const TOKEN_KEY = 'token';
const APP_KEY = 'appKey';
const MENUS_KEY = 'menusList';
const BUTTONS_KEY = 'buttonList';
const IDENTITY_KEY = 'identity';

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

/**
 * The app a stored or received appKey means (spec §2): `reportSite` is the reporting app, every other
 * value, or none, the admin app; the server reads the appKey header the same way.
 */
export function appKeyOf(value: unknown): AppKey {
  return value === 'reportSite' ? 'reportSite' : 'adminSite';
}

export function getAppKey(): AppKey {
  return appKeyOf(localStorage.getItem(APP_KEY));
}

export function setAppKey(appKey: AppKey): void {
  localStorage.setItem(APP_KEY, appKey);
}

/** Login route of each app; both apps are hash-routed under their own base path. */
export function loginUrlFor(appKey: AppKey): string {
  return appKey === 'reportSite' ? '/report/#/login' : '/admin/#/login';
}

function readJson<T>(key: string): T | null {
  const raw = sessionStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    // A hand-edited or truncated value is as good as none.
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  sessionStorage.setItem(key, JSON.stringify(value));
}

export function saveMenus(menus: readonly MenuNode[]): void {
  writeJson(MENUS_KEY, menus);
}

export function loadMenus(): MenuNode[] {
  return readJson<MenuNode[]>(MENUS_KEY) ?? [];
}

export function saveButtons(buttons: readonly string[]): void {
  writeJson(BUTTONS_KEY, buttons);
}

export function loadButtons(): string[] {
  return readJson<string[]>(BUTTONS_KEY) ?? [];
}

export function saveIdentity(identity: UserIdentity): void {
  writeJson(IDENTITY_KEY, identity);
}

export function loadIdentity(): UserIdentity | null {
  return readJson<UserIdentity>(IDENTITY_KEY);
}

/** Drops the per-login caches (menus, buttons, identity) but not the token. */
export function clearCaches(): void {
  sessionStorage.removeItem(MENUS_KEY);
  sessionStorage.removeItem(BUTTONS_KEY);
  sessionStorage.removeItem(IDENTITY_KEY);
}

/** Everything a logout or an auth failure must forget; the chosen app (appKey) stays. */
export function clearSession(): void {
  clearToken();
  clearCaches();
}
