import type { ApiCall } from '../types';

/**
 * The home statistics calls (docs/statistics.md): each takes the search `{ startTime, endTime, deptId,
 * columnId, dateType }` as its JSON body. Figures over many entities, so not an entity's calls.
 */
export const statisticsCalls = {
  dataCount: { path: '/api/home/dataCount' },
  categoryCountlist: { path: '/api/home/categoryCountlist' },
  categoryDateCount: { path: '/api/home/categoryDateCount' },
  columnCount: { path: '/api/home/columnCount' },
  deptCount: { path: '/api/home/deptCount' },
  deptByColumnCount: { path: '/api/home/deptByColumnCount' },
  deptDataCountlist: { path: '/api/home/deptDataCountlist' },
  /** Excel download of 信息报送考核 (same search as deptDataCountlist). */
  deptDataCountExcel: { path: '/api/home/deptDataCountExcel' },
} as const satisfies Record<string, ApiCall>;
