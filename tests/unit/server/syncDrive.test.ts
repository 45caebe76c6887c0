import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine, renderSync } from '../../../server/modules/generation/render';

// renderSync runs LiquidJS's render generator with its own loop (server/modules/generation/syncDrive.ts):
// pages and errors must be exactly LiquidJS's own renderFileSync's.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drive-skin-'));
const files: Record<string, string> = {
  'include/nav.html': '{% for c in nav %}<a href="{{ c.url | href: root }}"{% if c.id == current %} class="on"{% endif %}>{{ c.name | escape }}</a>{% else %}无{% endfor %}',
  'page.html': '{% capture x %}{{ t | upcase }}{% endcapture %}{% include "include/nav.html" %}|{{ x }}|{% case n %}{% when 1 %}一{% else %}多{% endcase %}|{{ nav | map: "name" | join: "," }}|{% for i in (1..n) %}{% if i == 2 %}{% break %}{% endif %}{{ i }}{% endfor %}|{{ nav.first.name }}{{ nav.size }}{% unless t %}空{% endunless %}|{% raw %}{{ x }}{% endraw %}',
  'broken.html': '{% include "include/missing.html" %}',
  'throws.html': '{{ nav | where: "id" }}{% for i in (1..n) %}{{ i | divided_by: 0 }}{% endfor %}',
};
for (const [name, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
}
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const outcome = (f: () => unknown): string => {
  try {
    return `ok:${String(f())}`;
  } catch (error) {
    return `error:${(error as Error).name}:${(error as Error).message}`;
  }
};

describe('renderSync drives LiquidJS exactly as renderFileSync', () => {
  it('gives the same pages and the same errors', () => {
    const nav = [1, 2, 3].map((id) => ({ id, name: `栏目<${id}>`, url: `column/${id}/index.html` }));
    let compared = 0;
    for (const template of ['page.html', 'broken.html', 'throws.html']) {
      for (let i = 0; i < 12; i++) {
        const vars = { nav: i % 4 === 3 ? [] : nav, root: i % 2 ? '../../' : '', current: i % 3, t: i % 5 ? `标题${i}` : '', n: i % 4 };
        const ours = outcome(() => renderSync(createEngine(dir, false), template, { ...vars }));
        const theirs = outcome(() => createEngine(dir, false).renderFileSync(template, { ...vars }));
        expect(ours).toBe(theirs);
        compared++;
      }
    }
    expect(compared).toBe(36);
    // Both kinds of outcome were compared.
    expect(outcome(() => renderSync(createEngine(dir, false), 'page.html', { nav, n: 2, t: 'x', root: '' }))).toMatch(/^ok:.*栏目&lt;1&gt;/);
    expect(outcome(() => renderSync(createEngine(dir, false), 'broken.html', {}))).toMatch(/^error:/);
  });

  it('renders the default skin\'s article page as LiquidJS does', () => {
    const skin = path.resolve('server/modules/system/templates/defaultSkin/default');
    const navColumns = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `栏目${i + 1}`, url: `column/${i + 1}/index.html`, children: [] }));
    const vars = {
      site: { siteName: '云溪县人民政府门户网站', keywords: '云溪县' }, navColumns, hotWords: [{ word: '营商环境' }], root: '../../../', column: navColumns[1],
      meta: { articleTitle: '标题', columnName: '栏目2' }, article: { id: 7, title: '标题', pubDate: '2026-01-01 08:00:00', source: '县政府', content: '<p>正文</p>', fields: [{ label: '文号', value: '云政〔2026〕1号' }] },
    };
    const ours = renderSync(createEngine(skin, true), 'content.html', { ...vars });
    expect(ours).toBe(createEngine(skin, false).renderFileSync('content.html', { ...vars }));
    expect(ours).toContain('云政〔2026〕1号');
  });
});
