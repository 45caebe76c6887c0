import type { ResourceDecl } from '../../../../resources/types.js';
import { declaredInput, describeInput, type InputField, type InputFields } from '../../../http/routeInput.js';

/** readArticleIds (service.ts): ids, articleIds, articleId or id; an array or a comma list; at most 200. */
const ARTICLE_IDS: InputFields = {
  ids: ['ids', '文章ID的数组，或以逗号分隔的字符串（最多200篇）'],
  articleIds: ['ids', '文章ID（同 ids）'],
  articleId: ['ids', '文章ID（同 ids）'],
  id: ['ids', '文章ID（同 ids）'],
};
/** readOpinion (service.ts): opinion, remark or reason, at most 500 characters. */
const OPINION: InputFields = {
  opinion: ['string', '审核意见，不超过500个字符（退回时必填）'],
  remark: ['string', '审核意见（同 opinion）'],
  reason: ['string', '审核意见（同 opinion）'],
};
const SAVE_EXTRA: InputFields = {
  categoryId: ['integer', '所属栏目（同 columnId）'],
  flags: ['any', '文章属性：数组或以逗号分隔的字符串'],
  status: ['integer', '保存后状态：3（草稿，默认）、4（提交审核）、5（直接发布，仅管理员发布）'],
  modelFields: ['object', '内容模型字段的值（栏目绑定了内容模型时）'],
};

/** What each article route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export function articleInputs(decl: ResourceDecl) {
  return {
    fieldOverwrite: describeInput({ query: { columnId: ['integer', '栏目ID（必填）'], basicId: ['integer', '文章ID：给出时带回该文章的模型字段值'] } }),
    create: declaredInput(decl, 'create', SAVE_EXTRA),
    update: declaredInput(decl, 'update', { ...SAVE_EXTRA, id: ['integer', '文章ID（同 articleId）'], ...OPINION }),
    ids: describeInput({ either: ARTICLE_IDS }),
    copy: describeInput({ either: ARTICLE_IDS, body: { columnId: ['integer', '复制到的栏目ID（默认原栏目）'], categoryId: ['integer', '复制到的栏目ID（同 columnId）'] } }),
    reindex: describeInput({ either: { ids: ARTICLE_IDS.ids as InputField, articleId: ['ids', '文章ID（同 ids）；都不给出时重建全部'] } }),
  };
}

/** The public column call (the lists and the detail are declared reads: resources/article.ts). */
export const COLUMN_INPUT = describeInput({ query: { categoryId: ['integer', '栏目ID（必填）'] } });

export type ArticleInputs = ReturnType<typeof articleInputs>;
