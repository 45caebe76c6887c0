import type { Search } from '../params.js';

/** Messages between the search pool (main thread) and its workers (issue 26, docs/search-and-reports.md). */
export type SearchJob =
  /** The original parameters: the answer's JSON text. */
  | { kind: 'plain'; s: Search }
  /** With `sortType`: the answer's JSON text and what the statistics need. */
  | { kind: 'smart'; s: Search; keyword: string };

export type ToSearchWorker =
  | { kind: 'job'; id: number; job: SearchJob; counts: boolean }
  /** The staff's tables changed through this instance: read them again before the next search. */
  | { kind: 'invalidate'; titlesToo: boolean };

export interface SearchAnswer {
  /** The answer's JSON as UTF-8, with an ArrayBuffer of its own (a worker transfers it). */
  body: Buffer;
  total: number;
  searched: string;
}

export type FromSearchWorker =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; answer: SearchAnswer }
  | { kind: 'failed'; id: number; message: string };

/** Where a worker reads: the SQLite file, or PostgreSQL through a pool of `connections` of its own. */
export type SearchSource = { file: string } | { databaseUrl: string; connections: number };
