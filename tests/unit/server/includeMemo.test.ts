import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { includeMemoStats } from '../../../server/modules/generation/includeMemo';
import { createEngine, renderSync } from '../../../server/modules/generation/render';

// Memoised includes (server/modules/generation/includeMemo.ts): a run's engine must give exactly the pages
// a fresh engine gives, whatever the include reads, assigns or loops over.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memo-skin-'));
const files: Record<string, string> = {
  'include/nav.html': '{% for c in nav %}<a href="{{ c.url | href: root }}"{% if column and c.id == column.id %} class="on"{% endif %}>{{ c.name }}</a>{% endfor %}{% assign navDone = nav.size %}',
  'include/branch.html': '{% if isHome %}{{ site.name }}{% else %}{{ title | upcase }}{% endif %}',
  'include/count.html': '{% increment n %}',
  'include/outer.html': '[{% include "include/branch.html" %}]',
  'include/layout.html': '<title>{% block title %}{% endblock %}</title>{% include "include/nav.html" %}<main>{% block content %}{% endblock %}</main>',
  'service.html': '{% layout "include/layout.html" %}{% block title %}信箱{% endblock %}{% block content %}{{ t }}{% endblock %}',
  'page.html': '{% assign title = t %}{% include "include/nav.html" %}|{{ navDone }}|{% include "include/outer.html" %}|{% include "include/count.html" %}{% include "include/count.html" %}|{% for c in nav offset: continue %}{{ c.id }}{% endfor %}',
};
for (const [name, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
}
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('memoised includes', () => {
  it('renders every page exactly as a fresh engine does', () => {
    const nav = [1, 2, 3].map((id) => ({ id, name: `栏目${id}`, url: `column/${id}/index.html` }));
    const site = { name: '云溪' };
    const memo = createEngine(dir, true);
    let hits = 0;
    for (let i = 0; i < 120; i++) {
      const vars = { nav, site, root: i % 3 === 0 ? '' : '../../', column: { ...nav[i % 3] }, isHome: i % 7 === 0, t: `title${i % 5}` };
      const expected = renderSync(createEngine(dir, false), 'page.html', { ...vars });
      const got = renderSync(memo, 'page.html', { ...vars });
      expect(got).toBe(expected);
      // A page with a layout and blocks after pages without (the include must leave the blocks alone).
      const layoutPage = renderSync(memo, 'service.html', { ...vars });
      expect(layoutPage).toBe(renderSync(createEngine(dir, false), 'service.html', { ...vars }));
      expect(layoutPage).toContain('<title>信箱</title>');
      if (i === 0) expect(got).toContain('|3|');
      hits++;
    }
    expect(hits).toBe(120);
    const stats = includeMemoStats(memo);
    // nav depends on root and column only (6 combinations): nearly every page reuses it.
    expect(stats['include/nav.html']?.hits).toBeGreaterThan(100);
    expect(stats['include/outer.html']?.hits).toBeGreaterThan(80);
    // increment changes the page's variables: never memoised.
    expect(stats['include/count.html']).toMatchObject({ hits: 0, off: true });
  }, 60_000);
});
