import { describe, expect, it, vi } from 'vitest';
import { captchaUrl, newCodeId } from '../../../providers/captcha';
import { PortalError, missingParameterMessage } from '../../../providers/errors';
import { emitNotice, onNotice } from '../../../providers/notices';
import {
  clearSession,
  getAppKey,
  getToken,
  loadMenus,
  loginUrlFor,
  saveMenus,
  setAppKey,
  setToken,
} from '../../../providers/session';

describe('session', () => {
  it('keeps the token in sessionStorage under "token"', () => {
    setToken('abc');
    expect(sessionStorage.getItem('token')).toBe('abc');
    expect(getToken()).toBe('abc');
  });

  it('keeps appKey in localStorage, defaulting to adminSite', () => {
    expect(getAppKey()).toBe('adminSite');
    setAppKey('reportSite');
    expect(localStorage.getItem('appKey')).toBe('reportSite');
    expect(getAppKey()).toBe('reportSite');
    localStorage.setItem('appKey', 'garbage');
    expect(getAppKey()).toBe('adminSite');
  });

  it('maps each app to its login', () => {
    expect(loginUrlFor('reportSite')).toBe('/report/#/login');
    expect(loginUrlFor('adminSite')).toBe('/admin/#/login');
  });

  it('clearSession forgets token and caches but keeps appKey', () => {
    setAppKey('reportSite');
    setToken('t');
    saveMenus([{ id: 1, parentId: 0, name: 'a', alias: 'a', type: 'Menu' }]);
    clearSession();
    expect(getToken()).toBeNull();
    expect(loadMenus()).toEqual([]);
    expect(getAppKey()).toBe('reportSite');
  });

  it('survives a corrupt cache', () => {
    sessionStorage.setItem('menusList', '{not json');
    expect(loadMenus()).toEqual([]);
  });
});

describe('errors and notices', () => {
  it('words the missing-parameter message with two spaces', () => {
    expect(missingParameterMessage('title')).toBe('Missing required  parameter: title');
  });

  it('PortalError defaults to level error, not notified', () => {
    const e = new PortalError('m');
    expect(e).toBeInstanceOf(Error);
    expect([e.level, e.notified, e.errorCode, e.status]).toEqual(['error', false, undefined, undefined]);
  });

  it('delivers notices until unsubscribed', () => {
    const listener = vi.fn();
    const off = onNotice(listener);
    emitNotice({ kind: 'panel', title: 't', body: 'b', duration: 4000 });
    off();
    emitNotice({ kind: 'panel', title: 't', body: 'b', duration: 4000 });
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('captcha', () => {
  it('builds the captcha address with the codeId', () => {
    expect(captchaUrl('http://api.test/', 'abc_1')).toBe('http://api.test/user/captcha?codeId=abc_1');
    expect(captchaUrl('', 'x1234567')).toBe('/user/captcha?codeId=x1234567');
  });

  it('makes distinct codeIds the server accepts', () => {
    const a = newCodeId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newCodeId()).not.toBe(a);
  });
});
