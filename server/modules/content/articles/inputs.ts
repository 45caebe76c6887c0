import type { ResourceDecl } from '../../../../resources/types.js';
import { describeInput } from '../../../http/routeInput.js';

/** What each article route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function articleInputs(_decl: ResourceDecl) {
  return {
    fieldOverwrite: describeInput({ query: { columnId: ['integer', '栏目ID（必填）'], basicId: ['integer', '文章ID：给出时带回该文章的模型字段值'] } }),
  };
}

/** The public column call (the lists and the detail are declared reads: resources/article.ts). */
export const COLUMN_INPUT = describeInput({ query: { categoryId: ['integer', '栏目ID（必填）'] } });

export type ArticleInputs = ReturnType<typeof articleInputs>;
