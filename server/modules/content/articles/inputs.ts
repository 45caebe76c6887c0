import type { ResourceDecl } from '../../../../resources/types.js';
import { describeInput } from '../../../http/routeInput.js';

/** What each article route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function articleInputs(_decl: ResourceDecl) {
  return {
    fieldOverwrite: describeInput({ query: { columnId: ['integer', '栏目ID（必填）'], basicId: ['integer', '文章ID：给出时带回该文章的模型字段值'] } }),
    detection: describeInput({ either: { title: ['string', '标题'], summary: ['string', '摘要'], content: ['string', '正文'], articleId: ['integer', '文章ID（不给出标题和正文时检测该文章）'] } }),
    // public calls (the lists are declared reads: resources/article.ts)
    view: describeInput({ query: { articleID: ['integer', '文章ID'], articleId: ['integer', '文章ID（同 articleID）'] } }),
    preview: describeInput({ query: { articleID: ['integer', '文章ID'], articleId: ['integer', '文章ID（同 articleID）'] } }),
    column: describeInput({ query: { categoryId: ['integer', '栏目ID（必填）'] } }),
  };
}

export type ArticleInputs = ReturnType<typeof articleInputs>;
