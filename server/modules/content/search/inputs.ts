import type { FastifySchema } from 'fastify';
import { describeInput, PAGING } from '../../../http/routeInput.js';

/** Request schemas of the search routes (descriptive: params.ts's checks answer bad values in Chinese). */
const SEARCH = describeInput({
  query: {
    keyword: ['string', '关键词，不超过50个字符'],
    title: ['string', '标题关键词'],
    content: ['string', '内容关键词'],
    esType: ['string', '范围：空或 all（全站）、zwgk（政务公开文件）、栏目ID（含下级栏目）'],
    dateType: ['string', '时间范围：0（一周内）、1（一月内）、2（三月内）'],
    dataTime: ['string', '发布日期（yyyy-MM-dd）'],
    year: ['integer', '发布年份（分面筛选）'],
    wjType: ['string', '文件类型（分面筛选）'],
    wjbh: ['string', '文号'],
    sortType: ['string', '排序：relevance（按相关度）、time（按时间）；不传为原有的按时间答复'],
    ...PAGING,
  },
});

export const SEARCH_INPUT: Record<'search' | 'suggest' | 'click' | 'statistics', FastifySchema> = {
  search: SEARCH,
  suggest: describeInput({ query: { keyword: ['string', '已输入的文字，不超过50个字符'], size: ['integer', '建议条数，默认8，最多20'] } }),
  click: describeInput({ body: { keyword: ['string', '搜索的关键词（必填），不超过50个字符'] } }),
  statistics: describeInput({ query: { days: ['integer', '统计最近几天，1–366，默认30'] } }),
};
