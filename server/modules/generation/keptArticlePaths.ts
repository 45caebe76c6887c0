/** `article/yyyy/mm/<id>.html` (context.ts articleRelPath). */
const ARTICLE_PATH = /^article\/(\d{4})\/(\d{2})\/(\d+)\.html$/;

/**
 * The article pages a full run wrote (fullSite.ts), to remove the others afterwards: a Set of numbers, not of
 * paths — at a million articles 900,000 path strings held ~90 MB of the run's peak memory (issue 26, session 36).
 * A path is kept as `id × 10⁶ + yyyy × 100 + mm` (exact below 2⁵³ for ids up to 10⁹); any other path as text.
 */
export class KeptArticlePaths {
  private readonly keys = new Set<number>();
  private readonly others = new Set<string>();

  private static keyOf(rel: string): number | null {
    const m = ARTICLE_PATH.exec(rel);
    const id = m ? Number(m[3]) : NaN;
    return m && id <= 1e9 ? id * 1e6 + Number(m[1]) * 100 + Number(m[2]) : null;
  }

  add(rel: string): void {
    const key = KeptArticlePaths.keyOf(rel);
    if (key === null) this.others.add(rel);
    else this.keys.add(key);
  }

  has(rel: string): boolean {
    const key = KeptArticlePaths.keyOf(rel);
    return key === null ? this.others.has(rel) : this.keys.has(key);
  }

  get size(): number {
    return this.keys.size + this.others.size;
  }
}
