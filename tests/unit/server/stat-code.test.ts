import { describe, expect, it } from 'vitest';
import { cleanStatCode } from '../../../server/modules/system/siteSettings/statCode.js';
import { BAIDU_CODE } from '../../fixtures/statCodes.js';

/** The statistics codes staff paste from the services, as the services hand them out. */
const BAIDU = BAIDU_CODE;
const CNZZ_LEGACY = `<script type="text/javascript">document.write(unescape("%3Cspan id='cnzz_stat_icon_1279'%3E%3C/span%3E%3Cscript src='" + (("https:" == document.location.protocol) ? "https://" : "http://") + "s9.cnzz.com/z_stat.php%3Fid%3D1279%26show%3Dpic' type='text/javascript'%3E%3C/script%3E"));</script>`;
const LA51 = `<script charset="UTF-8" id="LA_COLLECT" src="//sdk.51.la/js-sdk-pro.min.js"></script>
<script>LA.init({id:"Jabc123",ck:"Jabc123"})</script>`;
const JIUCUO = `<script id="_jiucuo_" sitecode='5301230001' src='https://zfwzgl.www.gov.cn/exposure/jiucuo.js'></script>`;
const CONAC = `<span id="_ideConac"><script type="text/javascript" src="http://dcs.conac.cn/js/33/000/0000/60425322/CA330000000604253220001.js"></script></span>`;

describe('statistics code (站点设置 网站统计代码)', () => {
  it("turns Baidu's inline loader into an async external script and says so", () => {
    const r = cleanStatCode(BAIDU);
    expect(r.code).toBe('<script async src="https://hm.baidu.com/hm.js?0123456789abcdef0123456789abcdef"></script>');
    expect(r.notes.join('\n')).toContain('已从内联脚本中提取外部脚本：https://hm.baidu.com/hm.js?0123456789abcdef0123456789abcdef');
    expect(r.notes.join('\n')).toContain('已移除内联脚本 1 段');
  });

  it("extracts CNZZ's document.write(unescape(…)) script over https", () => {
    const r = cleanStatCode(CNZZ_LEGACY);
    expect(r.code).toBe('<script async src="https://s9.cnzz.com/z_stat.php?id=1279&amp;show=pic"></script>');
  });

  it("carries 51.la's LA.init id and key into the SDK address", () => {
    const r = cleanStatCode(LA51);
    expect(r.code).toBe('<script charset="UTF-8" id="LA_COLLECT" src="https://sdk.51.la/js-sdk-pro.min.js?id=Jabc123&amp;ck=Jabc123"></script>');
    expect(r.code).not.toContain('LA.init');
  });

  it('keeps the 找错 and 党政机关 widgets with their attributes, over https', () => {
    const r = cleanStatCode(`${JIUCUO}\n${CONAC}`);
    expect(r.code).toContain('<script id="_jiucuo_" sitecode="5301230001" src="https://zfwzgl.www.gov.cn/exposure/jiucuo.js"></script>');
    expect(r.code).toContain('<span id="_ideConac"><script type="text/javascript" src="https://dcs.conac.cn/js/33/000/0000/60425322/CA330000000604253220001.js"></script></span>');
    expect(r.notes.join('\n')).toContain('脚本地址已改为 https');
  });

  it('removes other hosts, inline code, handlers and frames, and says what it removed', () => {
    const r = cleanStatCode(
      [
        '<script>alert(document.cookie)</script>',
        '<script src="https://evil.example.com/x.js"></script>',
        '<script src="https://hm.baidu.com.evil.example/x.js"></script>',
        '<script src="javascript:alert(1)"></script>',
        '<img src="https://s4.cnzz.com/pixel.gif" onerror="alert(1)">',
        '<iframe src="https://evil.example.com"></iframe>',
        '<script>var u = "https://evil.example.com/y.js"; var i = "https://hm.baidu.com/x.gif";</script>',
      ].join('\n'),
    );
    expect(r.code).not.toMatch(/alert|evil|iframe|onerror|<script>|x\.gif/);
    expect(r.code).toContain('<img src="https://s4.cnzz.com/pixel.gif" />');
    expect(r.notes.join('\n')).toContain('已移除不在白名单中的脚本：https://evil.example.com/x.js');
  });

  it('leaves nothing of a code that holds no allowed script', () => {
    expect(cleanStatCode('<script>document.write("hi")</script>').code).toBe('');
    expect(cleanStatCode('').code).toBe('');
  });
});
