import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderCompiledSync } from '../../../server/modules/generation/compiledLiquid';
import { createEngine, renderSync } from '../../../server/modules/generation/render';

// Compiled templates (server/modules/generation/compiledLiquid.ts, issue 26): a run's engine renders through
// closures and must give exactly what LiquidJS alone gives, for what it compiles and for what it leaves to
// LiquidJS (ranges, capture, case, raw, with, offset/limit, not, strings and objects as collections).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-skin-'));
const files: Record<string, string> = {
  'include/nav.html': '{% for c in nav %}<a href="{{ c.url | href: root }}"{% if column and c.id == column.id %} class="on"{% endif %}>{{ c.name }}</a>{% endfor %}{% assign navDone = nav.size %}',
  'include/meta.html': '{%- if meta.title %}<meta name="t" content="{{ meta.title }}">{% endif %}{%- assign kw = meta.keywords | default: site.keywords %}{% if kw %}<meta content="{{ kw }}">{% endif %}{% unless kw %}none{% endunless %}',
  'include/item.html': '<li>{{ item.name | escape }}#{{ forloop.index }}</li>',
  'outputs.html': [
    '{{ s }}|{{ n }}|{{ nil_value }}|{{ missing.deep.path }}|{{ arr }}|{{ flag }}|{{ obj.constructor }}|{{ obj.__proto__ }}|{{ html }}|{{ html | raw }}',
    '{{ arr.size }}|{{ arr.first }}|{{ arr.last }}|{{ s.size }}|{{ obj["k"] }}|{{ obj.k | upcase | append: "!" }}|{{ s | slice: 0, 3 }}|{{ d | date: "%Y-%m" }}',
    '{{ people | map: "name" | join: "," }}|{{ people | where: "age", 3 | size }}|{{ missing | default: "默认" }}|{{ empty_s | default: "默认" }}|{{ "x" }}{{ 3.5 }}{{ true }}{{ nil }}',
  ].join('\n'),
  'logic.html': [
    '{% if n > 2 and s contains "云" %}A{% elsif n == 1 or flag %}B{% else %}C{% endif %}',
    '{% if empty_s == empty %}E{% endif %}{% if arr == empty %}AE{% endif %}{% if not flag %}NF{% endif %}{% if empty_s %}T{% endif %}{% if zero %}Z{% endif %}',
    '{% unless flag %}U{% elsif n > 1 %}UE{% else %}UO{% endunless %}{% if n != 2 %}N2{% endif %}{% if s == "云溪" %}EQ{% endif %}',
    '{% case n %}{% when 1 %}one{% when 2 %}two{% else %}many{% endcase %}{% capture cap %}<{{ s }}>{% endcapture %}{{ cap }}{% raw %}{{ raw }}{% endraw %}{% echo s %}',
  ].join('\n'),
  'loops.html': [
    '{% for item in people %}{{ forloop.index }}/{{ forloop.length }}{% if forloop.first %}F{% endif %}{% if forloop.last %}L{% endif %}{% if item.age == 3 %}{% continue %}{% endif %}{{ item.name }}{% if item.age > 5 %}{% break %}{% endif %},{% endfor %}',
    '{% for item in none %}x{% else %}empty{% endfor %}|{% for c in s %}[{{ c }}]{% endfor %}|{% for kv in obj %}{{ kv[0] }}={{ kv[1] }};{% endfor %}|{% for i in (1..n) %}{{ i }}{% endfor %}',
    '{% for item in people limit: 2 %}{{ item.name }}{% endfor %}|{% for item in people offset: continue %}{{ item.name }}{% endfor %}|{% for item in people reversed %}{{ item.name }}{% endfor %}',
    '{% for item in people %}{% include "include/item.html" %}{% for a in item.tags %}({{ a }}{{ forloop.index0 }}){% endfor %}{% endfor %}|{{ item }}|{% assign s = "changed" %}{{ s }}',
  ].join('\n'),
  'page.html': '{% include "include/meta.html" %}{% include "include/nav.html" %}|{{ navDone }}|{% include "include/item.html" with people[0] %}|{% include "include/meta.html", meta: nil %}|{{ kw }}',
  'broken.html': 'before {{ s }} {{ "%" | url_decode }} after',
};
for (const [name, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
}
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function vars(i: number) {
  const nav = [1, 2, 3].map((id) => ({ id, name: `栏目<${id}>`, url: `column/${id}/index.html` }));
  const people = [{ name: '甲', age: 3, tags: ['a', 'b'] }, { name: '乙', age: 7, tags: [] }, { name: '丙&', age: i % 9, tags: ['c'] }];
  return {
    nav, people, root: i % 3 === 0 ? '' : '../../', column: i % 4 === 0 ? null : { ...nav[i % 3] },
    s: i % 5 === 0 ? '' : `云溪${i}`, n: i % 4, flag: i % 3 === 1, zero: 0, empty_s: i % 2 ? '' : 'x', nil_value: null,
    arr: i % 6 === 0 ? [] : [i, 'b', [1, 2]], obj: { k: `v${i % 3}`, n: i }, html: '<b>"&\'</b>', d: '2026-03-04 05:06:07',
    none: [], meta: { title: i % 2 ? `标题${i}` : '', keywords: i % 3 ? null : '关键词' }, site: { keywords: i % 5 ? '云溪县' : null },
  };
}

describe('compiled templates', () => {
  it('give exactly the output of LiquidJS alone, compiled or left to LiquidJS', () => {
    const engine = createEngine(dir, true);
    for (let i = 0; i < 260; i++) {
      for (const file of ['outputs.html', 'logic.html', 'loops.html', 'page.html']) {
        const expected = renderSync(createEngine(dir, false), file, vars(i));
        const got = renderCompiledSync(engine, file, vars(i));
        expect(got, `${file} #${i}`).toBe(expected);
        expect(renderSync(engine, file, vars(i))).toBe(expected);
      }
    }
    // The checks above are not vacuous: the pages carry what each template prints.
    expect(renderSync(engine, 'loops.html', vars(8))).toContain('1/3F');
    expect(renderSync(engine, 'page.html', vars(1))).toContain('class="on"');
  }, 120_000);

  it('leave a failing page to LiquidJS, which fails with its own message', () => {
    const engine = createEngine(dir, true);
    expect(renderCompiledSync(engine, 'broken.html', vars(1))).toBeNull();
    const message = (f: () => unknown) => {
      try {
        f();
        return 'no error';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const expected = message(() => renderSync(createEngine(dir, false), 'broken.html', vars(1)));
    expect(expected).toMatch(/URI/);
    expect(message(() => renderSync(engine, 'broken.html', vars(1)))).toBe(expected);
  });
});
