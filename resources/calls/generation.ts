import type { ApiCall } from '../types';

/**
 * Static-site generation (docs/generation.md): the home page, a column's list pages, background runs
 * over the articles or the whole site with their progress, and the home page's preview.
 */
export const generationCalls = {
  index: { path: '/api/generate/generateIndex' },
  /** The path keeps the spec's spelling (genernate). */
  column: { path: '/api/generate/{columnId}/genernateColumn', method: 'GET' },
  /** Background runs: `{ columnId, dateTime }` (0 = every column, null = every date); follow with `progress`. */
  articles: { path: '/api/generate/articles' },
  site: { path: '/api/generate/site' },
  progress: { path: '/api/generate/progress', method: 'GET' },
  /** `{ pending }`: pages live but still without their .br/.gz (made in the background after a bulk run). */
  copies: { path: '/api/generate/copies', method: 'GET' },
  /** The rendered page of a column (0 = the home page) as HTML text. */
  view: { path: '/api/generate/{columnId}/viewIndex', method: 'GET' },
} as const satisfies Record<string, ApiCall>;
