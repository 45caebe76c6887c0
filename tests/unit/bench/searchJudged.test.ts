import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Integrity of the judged query set behind `npm run bench -- --only=searchQuality` (issue 25 asks for at least
// 150 hand-written, reviewed queries). Checks the file's shape, not the engine.
interface Judged {
  review: { by: string; judgementsChanged: number; changes: string[] };
  docs: { key: string; title: string; content: string; daysAgo?: number }[];
  queries: { q: string; kind: string; judged: Record<string, number> }[];
}
const set = JSON.parse(readFileSync(join(__dirname, '../../fixtures/search-judged.json'), 'utf8')) as Judged;
const kinds = ['word', 'phrase', 'synonym', 'pinyin', 'initials', 'traditional', 'wrong', 'service', 'place', 'number', 'date'];

describe('judged query set tests/fixtures/search-judged.json', () => {
  it('has at least 150 queries and records its review', () => {
    expect(set.queries.length).toBeGreaterThanOrEqual(150);
    expect(set.review.by).toBeTruthy();
    expect(set.review.changes).toHaveLength(set.review.judgementsChanged);
  });

  it('has unique article keys with a title and a text', () => {
    const keys = set.docs.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of set.docs) expect(d.title && d.content, d.key).toBeTruthy();
  });

  it('judges only articles of the corpus, with grades 1–3 and at least one grade-3 answer per query', () => {
    const keys = new Set(set.docs.map((d) => d.key));
    for (const { q, judged } of set.queries) {
      for (const [key, grade] of Object.entries(judged)) {
        expect(keys.has(key), `${q}: ${key}`).toBe(true);
        expect([1, 2, 3], `${q}: ${key}`).toContain(grade);
      }
      expect(Object.values(judged), q).toContain(3);
    }
  });

  it('has no duplicate queries (ignoring spaces and letter case) and a known class for each', () => {
    const norm = set.queries.map((x) => x.q.replace(/\s+/g, '').toLowerCase());
    expect(norm.filter((q, i) => norm.indexOf(q) !== i)).toEqual([]);
    for (const { q, kind } of set.queries) expect(kinds, q).toContain(kind);
  });
});
