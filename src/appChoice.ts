import { appKeyOf, getAppKey, setAppKey } from '../providers/session';
import type { AppKey } from '../providers/types';

/** Where each app lives; both are hash-routed, so their login route is `#/login` under these paths. */
export const APP_PATHS: Record<AppKey, string> = { adminSite: '/admin/', reportSite: '/report/' };

/** Shell titles (spec §2: "city website management" / "city website reporting management"). */
export const APP_TITLES: Record<AppKey, string> = {
  adminSite: '城市网站管理系统',
  reportSite: '城市网站报送管理系统',
};

export interface AppKeyStore {
  /** The stored value as found (anything a user or an older client left there). */
  getAppKey(): string | null;
  setAppKey(key: AppKey): void;
}

const defaultStore: AppKeyStore = { getAppKey, setAppKey };

/**
 * Which app this page shows. A path under /report selects (and stores) the reporting app, a path under
 * /admin the admin app; any other path (/, a bookmark of index.html) follows the stored appKey, where
 * `reportSite` means the reporting app and any other value, or none, the admin app.
 */
export function chooseApp(pathname: string = window.location.pathname, store: AppKeyStore = defaultStore): AppKey {
  if (/^\/report(\/|$)/.test(pathname)) {
    store.setAppKey('reportSite');
    return 'reportSite';
  }
  if (/^\/admin(\/|$)/.test(pathname)) {
    store.setAppKey('adminSite');
    return 'adminSite';
  }
  return appKeyOf(store.getAppKey());
}

export function otherApp(appKey: AppKey): AppKey {
  return appKey === 'reportSite' ? 'adminSite' : 'reportSite';
}

/** Label of the link from one app's login page to the other's. */
export function switchLabel(appKey: AppKey): string {
  return appKey === 'reportSite' ? '切换到网站管理系统' : '切换到信息报送系统';
}
