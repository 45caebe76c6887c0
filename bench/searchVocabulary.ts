// The long tail of the benchmark corpus (issue 25): nouns of 2–4 characters from jieba's bundled dictionary,
// most frequent first, drawn Zipf-like (rank r with weight 1/r) into every article, so the corpus has words
// of every frequency class: rank 1 in about a third of the articles, rank 5,000 in a handful.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const SIZE = 6000;

let cached: string[] | null = null;

/** The tail vocabulary, most frequent first (deterministic). */
export function tailWords(): string[] {
  if (cached) return cached;
  const file = createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt');
  const rows = readFileSync(file, 'utf8').split('\n').map((l) => l.split(' ')).filter((p) => p.length >= 3 && /^\p{Script=Han}{2,4}$/u.test(p[0] as string) && /^n/.test(p[2] as string));
  rows.sort((a, b) => Number(b[1]) - Number(a[1]) || (a[0] as string).localeCompare(b[0] as string));
  cached = rows.slice(0, SIZE).map((r) => r[0] as string);
  return cached;
}

/** A sampler of tail words by Zipf weights from a [0,1) random source. */
export function zipfSampler(words: readonly string[]) {
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= words.length; r++) cumulative.push((sum += 1 / r));
  return (u: number): string => {
    const x = u * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo] as string;
  };
}
