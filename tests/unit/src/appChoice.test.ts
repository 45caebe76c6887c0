import { describe, expect, it } from 'vitest';
import { appKeyOf, getAppKey, setAppKey } from '../../../providers';
import type { AppKey } from '../../../providers/types';
import { APP_TITLES, chooseApp, switchLabel, type AppKeyStore } from '../../../src/appChoice';

function memoryStore(initial: AppKey): AppKeyStore & { value: AppKey } {
  const store = {
    value: initial,
    getAppKey: () => store.value,
    setAppKey: (key: AppKey) => {
      store.value = key;
    },
  };
  return store;
}

describe('chooseApp', () => {
  it('selects and stores the reporting app under /report', () => {
    const store = memoryStore('adminSite');
    expect(chooseApp('/report/', store)).toBe('reportSite');
    expect(store.value).toBe('reportSite');
    expect(chooseApp('/report', memoryStore('adminSite'))).toBe('reportSite');
  });

  it('selects and stores the admin app under /admin', () => {
    const store = memoryStore('reportSite');
    expect(chooseApp('/admin/', store)).toBe('adminSite');
    expect(store.value).toBe('adminSite');
  });

  it('follows the stored appKey elsewhere', () => {
    expect(chooseApp('/', memoryStore('reportSite'))).toBe('reportSite');
    expect(chooseApp('/', memoryStore('adminSite'))).toBe('adminSite');
    expect(chooseApp('/index.html', memoryStore('reportSite'))).toBe('reportSite');
  });

  it('uses the providers’ stored appKey by default', () => {
    setAppKey('reportSite');
    expect(chooseApp('/')).toBe('reportSite');
    expect(chooseApp('/admin/')).toBe('adminSite');
    expect(getAppKey()).toBe('adminSite');
    expect(chooseApp('/')).toBe('adminSite');
  });

  it('names the apps and the switch links', () => {
    expect(APP_TITLES.adminSite).toBe('城市网站管理系统');
    expect(APP_TITLES.reportSite).toBe('城市网站报送管理系统');
    expect(switchLabel('adminSite')).toBe('切换到信息报送系统');
    expect(switchLabel('reportSite')).toBe('切换到网站管理系统');
  });
});

describe('appKey: reportSite is the reporting app, anything else the admin app (spec §2)', () => {
  const rawStore = (value: string | null): AppKeyStore => ({ getAppKey: () => value, setAppKey: () => undefined });

  it('reads any other stored value, or none, as the admin app', () => {
    for (const value of ['admin', 'adminSite', 'whatever', '', null, 'reportsite', ' reportSite']) {
      expect(chooseApp('/', rawStore(value)), String(value)).toBe('adminSite');
      expect(appKeyOf(value)).toBe('adminSite');
    }
    expect(chooseApp('/', rawStore('reportSite'))).toBe('reportSite');
    expect(appKeyOf('reportSite')).toBe('reportSite');
    expect(appKeyOf(undefined)).toBe('adminSite');
  });

  it('reads a value left in localStorage by hand or by an older client the same way', () => {
    localStorage.setItem('appKey', 'admin');
    expect(getAppKey()).toBe('adminSite');
    expect(chooseApp('/index.html')).toBe('adminSite');
    localStorage.setItem('appKey', 'reportSite');
    expect(chooseApp('/index.html')).toBe('reportSite');
    // The path wins over the stored value, and is stored.
    expect(chooseApp('/admin/')).toBe('adminSite');
    expect(localStorage.getItem('appKey')).toBe('adminSite');
  });
});
