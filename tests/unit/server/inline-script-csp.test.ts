import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appCspFor, inlineScriptHashes, SITE_CSP } from '../../../server/http/security';
import { createEngine } from '../../../server/modules/generation/render';
import { ELDER_BOOT_SCRIPT } from '../../../server/shared/elderBoot';

// index.html's inline boot script is allowed by its hash only (docs/performance.md, fourth pass).
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline script hashes for the CSP', () => {
  it('hashes the exact text of each inline script and skips scripts with a src', () => {
    const boot = "\n      (function () { document.documentElement.classList.add('x'); })();\n    ";
    const html = `<head><script>${boot}</script><script type="module" crossorigin src="/assets/index-abc.js"></script><script SRC='/a.js'></script><script></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha(boot)]);
  });

  it("adds the hashes to script-src, never 'unsafe-inline', and keeps the rest of the policy", () => {
    const policy = appCspFor(["'sha256-abc='"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("the site's one inline script (适老化 before the first paint) is rendered by the skin and allowed by SITE_CSP", async () => {
    const skin = path.resolve('server/modules/system/templates/defaultSkin/default');
    const html = await createEngine(skin).renderFile('include/meta.html', { elderBoot: ELDER_BOOT_SCRIPT, site: {}, meta: {}, root: '' });
    expect(inlineScriptHashes(html)).toEqual([sha(ELDER_BOOT_SCRIPT)]);
    expect(SITE_CSP).toMatch(new RegExp(`script-src 'self' ${sha(ELDER_BOOT_SCRIPT).replace(/[+/]/g, '\\$&')}`));
    expect(SITE_CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
