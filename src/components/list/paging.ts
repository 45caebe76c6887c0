/** One paging vocabulary for every list (spec §9): these page sizes, and 第 a-b 条，共 N 条. */
export const PAGE_SIZES = [10, 20, 30, 50, 100, 200];

export const pageRangeLabel = ({ from, to, count }: { from: number; to: number; count: number }) => `第 ${from}-${to} 条，共 ${count} 条`;
