import { describe, expect, it } from 'vitest';
import { firstMatch, highlighter } from '../../../server/modules/content/search/highlight';
import { parseKeyword } from '../../../server/modules/content/search/text';

const marks = (keyword: string) => highlighter(parseKeyword(keyword).parts);

describe('search highlighting', () => {
  it('wraps every match, ignoring case and width, and escapes the rest', () => {
    const h = marks('gdp 会议');
    expect(h.mark('<b>ＧＤＰ</b>与Gdp：会议&会议')).toBe('&lt;b&gt;<em>ＧＤＰ</em>&lt;/b&gt;与<em>Gdp</em>：<em>会议</em>&amp;<em>会议</em>');
    // The same highlighter serves every hit of a page: a second text starts matching from its beginning.
    expect(h.mark('会议')).toBe('<em>会议</em>');
    expect(h.mark('无关')).toBe('无关');
  });

  it('without keywords only escapes', () => {
    expect(highlighter([]).mark('a<b>"c"\'d\'')).toBe('a&lt;b&gt;&quot;c&quot;&#39;d&#39;');
  });

  it('keeps a short text whole, counting characters rather than UTF-16 units', () => {
    const h = marks('会议');
    expect(h.markedSnippet('短文<会议>')).toBe('短文&lt;<em>会议</em>&gt;');
    const astral = '𠀀'.repeat(100) + '会议'; // 102 characters, 202 UTF-16 units
    expect(h.markedSnippet(astral)).toBe('𠀀'.repeat(100) + '<em>会议</em>');
  });

  it('cuts a long text around the first match, 30 characters before it', () => {
    const h = marks('玛瑙河');
    const text = '甲'.repeat(200) + '玛瑙河' + '乙'.repeat(200) + '玛瑙河';
    expect(h.markedSnippet(text)).toBe('…' + '甲'.repeat(30) + '<em>玛瑙河</em>' + '乙'.repeat(87) + '…');
  });

  it('starts at the beginning when there is no match or the match is early', () => {
    const h = marks('会议');
    const text = '丙'.repeat(300);
    expect(h.markedSnippet(text)).toBe('丙'.repeat(120) + '…');
    expect(h.markedSnippet('会议' + text)).toBe('<em>会议</em>' + '丙'.repeat(118) + '…');
  });

  it('never splits a character made of two UTF-16 units', () => {
    const h = marks('会议');
    const text = '𠀀'.repeat(100) + '会议' + '𠀁'.repeat(200);
    const piece = h.markedSnippet(text);
    expect(piece).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(piece).toBe('…' + '𠀀'.repeat(30) + '<em>会议</em>' + '𠀁'.repeat(88) + '…');
  });

  it('marks full-width letters beside characters whose folding changes length', () => {
    expect(marks('abc').mark('…ＡＢＣ…abc')).toBe('…<em>ＡＢＣ</em>…<em>abc</em>');
  });

  it('finds a match written in full-width letters', () => {
    const h = marks('abc');
    const piece = h.markedSnippet('丁'.repeat(200) + 'ＡＢＣ' + '戊'.repeat(200));
    expect(piece).toContain('<em>ＡＢＣ</em>');
  });

  it('finds exactly the matches of a global expression of the parts, longest first (the highlighter until session 31)', () => {
    const byRegex = (list: string[], source: string) => {
      const re = new RegExp(list.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gu');
      return [...source.matchAll(re)].map((m) => `${m.index}:${m.index + m[0].length}`);
    };
    const byIndex = (list: string[], source: string) => {
      const out: string[] = [];
      for (let m = firstMatch(list, source, 0); m; m = firstMatch(list, source, m.end)) out.push(`${m.at}:${m.end}`);
      return out;
    };
    // Parts are whole characters (parseKeyword's runs of letters and digits); texts may hold anything.
    const alphabet = ['会', '议', '会议', 'a', 'ab', 'b', '𠀀', '𠀁', 'é', 'e\u0301', '…', ' ', '.', '*'];
    const lone = ['\ud840', '\udc00'];
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const pick = (n: number, from: string[]) => Array.from({ length: n }, () => from[random(from.length)]).join('');
    for (let i = 0; i < 3000; i++) {
      const source = pick(1 + random(40), [...alphabet, ...lone]);
      const list = [...new Set(Array.from({ length: 1 + random(4) }, () => pick(1 + random(3), alphabet)))].sort((a, b) => b.length - a.length);
      expect(byIndex(list, source), `${list.join('|')} in ${source}`).toEqual(byRegex(list, source));
    }
  });
});
