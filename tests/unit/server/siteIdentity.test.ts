import { describe, expect, it } from 'vitest';
import { jiucuoUrl, policeLookupUrl, siteHomeUrl } from '../../../server/shared/siteIdentity.js';

// The links the footer derives from 站点设置, in the forms the national platforms use (docs/monitoring.md).
describe('identity links', () => {
  it('我为政府网站找错: site_code and the home page as url, as the platform’s own jiucuo.js opens it', () => {
    expect(jiucuoUrl('5399990001', 'www.yunxi.gov.example')).toBe('https://zfwzgl.www.gov.cn/exposure/jiucuo.html?site_code=5399990001&url=https%3A%2F%2Fwww.yunxi.gov.example%2F');
    expect(jiucuoUrl('bm07000001', 'https://www.miit.gov.cn/')).toBe('https://zfwzgl.www.gov.cn/exposure/jiucuo.html?site_code=bm07000001&url=https%3A%2F%2Fwww.miit.gov.cn%2F');
    expect(jiucuoUrl('5399990001')).toBe('https://zfwzgl.www.gov.cn/exposure/jiucuo.html?site_code=5399990001');
    expect(jiucuoUrl(' ')).toBe('');
  });
  it('home address and 公安 look-up', () => {
    expect(siteHomeUrl('www.a.gov.cn/')).toBe('https://www.a.gov.cn/');
    expect(siteHomeUrl(null)).toBe('');
    expect(policeLookupUrl('滇公网安备53012302000123号')).toBe('https://beian.mps.gov.cn/#/query/webSearch?code=53012302000123');
  });
});
