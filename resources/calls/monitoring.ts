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

/**
 * One line of 政府网站工作年度报表 (国办函〔2018〕12号 附件) as /annualReport answers it: computed from the
 * portal's data (`auto`), filled in by staff (`staff`), or not applicable to this portal (`na`, printed 不适用).
 */
export interface AnnualReportRow {
  key: string;
  section: string;
  label: string;
  value: string | number;
  source: 'auto' | 'staff' | 'na';
  unit?: string;
}
