// The /api/article/list calls the bench measures: page 1 and page 1,000, with and without a column, and
// every sort field the admin screen can send (server/modules/content/articles/service.ts readSortOrder).
export const SORT_FIELDS = ['sort', 'publishTime', 'createTime', 'hits', 'title', 'updateTime', 'submitTime'] as const;

export interface ListScenario {
  name: string;
  body: Record<string, unknown>;
}

export function listScenarios(columnId: number): ListScenario[] {
  const out: ListScenario[] = [
    { name: 'all, page 1', body: { pageNum: 1, pageSize: 10 } },
    { name: 'all, page 1,000', body: { pageNum: 1000, pageSize: 10 } },
    { name: 'column, page 1', body: { pageNum: 1, pageSize: 10, columnId } },
    { name: 'column, last page (200)', body: { pageNum: 200, pageSize: 10, columnId } },
  ];
  // Each sort field once, alternating with/without the column and DESC/ASC (BENCH_ALL_SORTS=1: every combination).
  const every = process.env.BENCH_ALL_SORTS === '1';
  for (const [i, f] of SORT_FIELDS.entries()) {
    if (every || i % 2 === 0) out.push({ name: `column, sort ${f} desc, page 1`, body: { pageNum: 1, pageSize: 10, columnId, sortField: f, sortOrder: 'DESC' } });
    if (every || i % 2 === 1) out.push({ name: `all, sort ${f} asc, page 1,000`, body: { pageNum: 1000, pageSize: 10, sortField: f, sortOrder: 'ASC' } });
  }
  // BENCH_SCENARIOS=0,4: only those (while developing).
  const pick = process.env.BENCH_SCENARIOS?.split(',').map(Number);
  return pick ? out.filter((_, i) => pick.includes(i)) : out;
}
