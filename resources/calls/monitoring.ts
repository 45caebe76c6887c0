import type { ApiCall } from '../types';

/**
 * Site-monitoring calls that belong to no entity (docs/monitoring.md): the 单项否决 dashboard and the
 * yearly report (figures, staff fields, Word and Excel files). The per-site and per-record calls are
 * `api.extra` of resources/website.ts and resources/inspectionRecord.ts.
 */
export const monitoringCalls = {
  dashboard: { path: '/website/monitor/dashboard' },
  annualReport: { path: '/website/annualReport/get' },
  annualReportSave: { path: '/website/annualReport/save' },
  /** File downloads: POST `{ year }`, the answer is the file. */
  annualReportWord: { path: '/website/annualReport/word' },
  annualReportExcel: { path: '/website/annualReport/excel' },
} as const satisfies Record<string, ApiCall>;
