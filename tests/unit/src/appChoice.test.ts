import { describe, expect, it } from 'vitest';
import { getAppKey, setAppKey } from '../../../providers';
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
