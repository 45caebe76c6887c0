import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../server/shared/articleHtml';
import { plainBodyOrNull } from '../../../server/modules/generation/plainBody';

/** A deterministic pseudo-random sequence (the same bodies every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

const TEXT = ['云溪县召开专题会议', '，', '。', ' ', '\n', 'abc', '2026', '“引号”', '乡村振兴', '\t', '\r\n', '…', '😀'];
const ODD = ['&amp;', '&', '<', '>', '"', "'", '<br>', '<br/>', '<p class="x">', '<P>', '<img src=x>', '<script>', '</p>', '<div>', '<li>', '\u0000', '\u0007', '<!-- c -->', '<a href="/x">', '</span>', '<table>'];
const BLOCKS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const INLINES = ['b', 'strong', 'i', 'em', 'u', 's', 'span', 'sub', 'sup', 'mark', 'small', 'code'];

function body(rand: () => number, odd: boolean): string {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
  const inline = (depth: number): string => {
    let out = '';
    for (let i = Math.floor(rand() * 4); i >= 0; i--) {
      if (depth < 3 && rand() < 0.3) {
        const tag = pick(INLINES);
        out += `<${tag}>${inline(depth + 1)}</${tag}>`;
      } else out += pick(TEXT);
      if (odd && rand() < 0.05) out += pick(ODD);
    }
    return out;
  };
  let out = rand() < 0.2 ? ' ' : '';
  for (let i = Math.floor(rand() * 5); i >= 0; i--) {
    const tag = pick(BLOCKS);
    out += rand() < 0.1 ? inline(0) : `<${tag}>${inline(0)}</${tag}>`;
    if (odd && rand() < 0.1) out += pick(ODD);
  }
  return out + (rand() < 0.2 ? '\n' : '');
}

describe('plain article bodies skip the sanitiser with the same result', () => {
  it('answers exactly what sanitizeArticleHtml answers for every body it accepts', () => {
    const rand = rng(26);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 4000; i++) {
      const html = body(rand, i % 2 === 1);
      const fast = plainBodyOrNull(html);
      if (fast === null) {
        refused++;
        continue;
      }
      accepted++;
      expect(fast).toBe(sanitizeArticleHtml(html));
    }
    // Both kinds occur: the comparison above ran on many accepted bodies, and the odd ones were refused.
    expect(accepted).toBeGreaterThan(1500);
    expect(refused).toBeGreaterThan(500);
  });

  it('refuses what the sanitiser would change', () => {
    for (const html of ['<p onclick="x">a</p>', '<script>alert(1)</script>', '<p>a &amp; b</p>', '<p>a<p>b</p></p>', '<p><div>x</div></p>', '<p>a', 'a</p>', '<br>', '<P>x</P>', '<p>a > b</p>', '<p>\u0000</p>', '<iframe></iframe>']) {
      expect(plainBodyOrNull(html)).toBeNull();
    }
  });

  it('accepts the bodies the editor writes most often, unchanged', () => {
    const html = '<p>云溪县召开专题会议，研究部署<strong>营商环境</strong>工作。</p><h2>一、总体要求</h2><p>扎实推进。</p>';
    expect(plainBodyOrNull(html)).toBe(html);
    expect(sanitizeArticleHtml(html)).toBe(html);
  });
});
